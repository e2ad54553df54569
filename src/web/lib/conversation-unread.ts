// The unread counts of the conversations, which the sidebar, both dashboards and the conversations
// feature read (decision 080: what several features need lives here): the summary's query and hook,
// the conversations' refetch interval, and the sums of a dashboard's row.
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { UnreadSummary } from "@/shared/conversations";
import { getJsonIfSignedIn } from "./api";
import { useLiveConnected } from "./live";
import { queryKeys } from "./query-keys";

/** How often the conversations are read again while the live stream is down. */
export const POLL_MS = 10_000;

/**
 * The interval for the conversations' reads: none while the live stream is connected (its events
 * refresh them, src/web/lib/live.ts), every 10 seconds while it is not. Unlike the app's other reads
 * (spec section 7), they are also read again whenever a page shows them (`staleTime: 0`), as the bell's
 * are (decision 063): a thread met again must not show the messages of the last visit.
 */
export function useConversationRefetchInterval(): number | false {
  return useLiveConnected() ? false : POLL_MS;
}

const EMPTY_SUMMARY: UnreadSummary = { total: 0, threads: [] };

export const unreadSummaryQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.conversations.unread(),
    queryFn: async () => (await getJsonIfSignedIn<UnreadSummary>("/api/conversations/unread")) ?? EMPTY_SUMMARY,
  });

/** The sidebar's and the dashboards' counts; `enabled` false for a reader who has no conversations (an admin). */
export function useUnreadSummary(enabled = true) {
  const refetchInterval = useConversationRefetchInterval();
  return useQuery({ ...unreadSummaryQueryOptions(), enabled, refetchInterval, staleTime: 0 });
}

/** Unread messages on a request (the client's dashboard row) or on a lead (the provider's row). */
export function unreadForRequest(summary: UnreadSummary | undefined, quoteRequestId: number): number {
  return (summary?.threads ?? [])
    .filter((t) => t.quoteRequestId === quoteRequestId)
    .reduce((sum, t) => sum + t.unread, 0);
}
export function unreadForLead(summary: UnreadSummary | undefined, leadId: number): number {
  return summary?.threads.find((t) => t.leadId === leadId)?.unread ?? 0;
}
