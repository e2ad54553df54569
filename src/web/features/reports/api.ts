// A party's report of a message (POST /api/messages/{id}/report, decision 134).
import { useMutation } from "@tanstack/react-query";
import type { ReportMessageInput } from "@/shared/conversations";
import type { MessageReportCreated } from "@/shared/reports";
import { requestJson } from "@/web/lib/api";

export function useReportMessage(messageId: number) {
  return useMutation({
    mutationFn: (input: ReportMessageInput) =>
      requestJson<MessageReportCreated>("POST", `/api/messages/${messageId}/report`, input),
  });
}
