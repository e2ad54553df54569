// The conversation API as the browser reads it (src/shared/conversations.ts): a thread's header, its
// messages a page at a time (newest first; older pages on scroll), the client's threads on a request,
// sending and marking read. The unread counts of the sidebar and the dashboards, and the reads'
// refetch interval, are src/web/lib/conversation-unread.ts (several features read them).
import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import type { Conversation, Message, MessagePage, RequestThreads, SendMessageInput } from "@/shared/conversations";
import { MESSAGE_PAGE_SIZE } from "@/shared/conversations";
import { getJson, requestJson } from "@/web/lib/api";
import { useConversationRefetchInterval } from "@/web/lib/conversation-unread";
import { cursorPages } from "@/web/lib/cursor-pages";
import { queryKeys } from "@/web/lib/query-keys";
import { withSentMessage } from "./thread-model";

export const conversationQueryOptions = (leadId: number) =>
  queryOptions({
    queryKey: queryKeys.conversations.one(leadId),
    queryFn: () => getJson<Conversation>(`/api/conversations/${leadId}`),
  });

export const messagesQueryOptions = (leadId: number) =>
  infiniteQueryOptions({
    queryKey: queryKeys.conversations.messages(leadId),
    ...cursorPages<MessagePage>(`/api/conversations/${leadId}/messages?limit=${MESSAGE_PAGE_SIZE}`),
  });

export const requestThreadsQueryOptions = (requestId: number) =>
  queryOptions({
    queryKey: queryKeys.conversations.ofRequest(requestId),
    queryFn: () => getJson<RequestThreads>(`/api/quote-requests/${requestId}/conversations`),
  });

export function useConversation(leadId: number) {
  const refetchInterval = useConversationRefetchInterval();
  return useQuery({ ...conversationQueryOptions(leadId), refetchInterval, staleTime: 0 });
}

export function useMessages(leadId: number) {
  const refetchInterval = useConversationRefetchInterval();
  return useInfiniteQuery({ ...messagesQueryOptions(leadId), refetchInterval, staleTime: 0 });
}

export function useRequestThreads(requestId: number) {
  const refetchInterval = useConversationRefetchInterval();
  return useQuery({ ...requestThreadsQueryOptions(requestId), refetchInterval, staleTime: 0 });
}

/** Sends a message: it shows at the end of the thread as soon as the server has it, then the counts are read again. */
export function useSendMessage(leadId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SendMessageInput) =>
      requestJson<Message>("POST", `/api/conversations/${leadId}/messages`, input),
    onSuccess: (sent) => {
      queryClient.setQueryData(messagesQueryOptions(leadId).queryKey, (data) => withSentMessage(data, sent));
      void queryClient.invalidateQueries({ queryKey: queryKeys.conversations.one(leadId) });
      void queryClient.invalidateQueries({ queryKey: [...queryKeys.conversations.all, "request"] });
    },
  });
}

/** Marks the thread read up to a message; the thread's and the sidebar's counts drop at once. */
export function useMarkRead(leadId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (upTo: number) =>
      requestJson<{ unread: number; readUpTo: number }>("POST", `/api/conversations/${leadId}/read`, { upTo }),
    onSuccess: (result) => {
      queryClient.setQueryData(conversationQueryOptions(leadId).queryKey, (c) =>
        c ? { ...c, unread: result.unread } : c,
      );
      void queryClient.invalidateQueries({ queryKey: queryKeys.conversations.unread() });
      void queryClient.invalidateQueries({ queryKey: [...queryKeys.conversations.all, "request"] });
    },
  });
}
