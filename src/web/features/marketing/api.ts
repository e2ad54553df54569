// The public forms' calls (the server's inquiries feature): the landing and pre-qualification forms
// send an inquiry (POST /api/leads, the spec's path), the vendor page an application. Only response.ok
// matters; each form says what happened in its own words. No TanStack Query here: the marketing pages
// become interactive without it (decision 120), and a form's call caches nothing.
import { useState } from "react";
import type { Inquiry, VendorApplication } from "@/shared/inquiries";
import { apiRequest, type MutationCallbacks } from "@/web/lib/api";

/** One call at a time, and whether it is under way: what the forms used of `useMutation`. */
function useSubmit<T>(send: (body: T) => Promise<Response>, { onSuccess, onError }: MutationCallbacks<Response>) {
  const [isPending, setPending] = useState(false);
  const mutate = (body: T) => {
    setPending(true);
    send(body).then(
      (response) => {
        setPending(false);
        onSuccess?.(response);
      },
      (error: unknown) => {
        setPending(false);
        onError?.(error instanceof Error ? error : new Error(String(error)));
      },
    );
  };
  return { mutate, isPending };
}

export function useSubmitInquiry(callbacks: MutationCallbacks<Response>) {
  return useSubmit((body: Inquiry) => apiRequest("POST", "/api/leads", body), callbacks);
}

export function useSubmitVendorApplication(callbacks: MutationCallbacks<Response>) {
  return useSubmit((body: VendorApplication) => apiRequest("POST", "/api/vendor-applications", body), callbacks);
}
