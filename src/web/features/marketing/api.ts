// The public forms' calls (the server's inquiries feature): the landing and pre-qualification forms
// send an inquiry (POST /api/leads, the spec's path), the vendor page an application. Only response.ok
// matters; each form says what happened in its own words.
import { useMutation } from "@tanstack/react-query";
import type { Inquiry, VendorApplication } from "@/shared/inquiries";
import { apiRequest, type MutationCallbacks } from "@/web/lib/api";

export function useSubmitInquiry(callbacks: MutationCallbacks<Response>) {
  return useMutation({ mutationFn: (body: Inquiry) => apiRequest("POST", "/api/leads", body), ...callbacks });
}

export function useSubmitVendorApplication(callbacks: MutationCallbacks<Response>) {
  return useMutation({
    mutationFn: (body: VendorApplication) => apiRequest("POST", "/api/vendor-applications", body),
    ...callbacks,
  });
}
