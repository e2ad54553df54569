import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type {
  Notification,
  NotificationList,
  NotificationPreferences,
  UpdateNotificationPreferencesInput,
} from "@/shared/notifications";
import { toast } from "@/web/components/ui/use-toast";
import { apiRequest, errorMessage, getJson, getJsonIfSignedIn, requestJson } from "@/web/lib/api";
import { cursorPages } from "@/web/lib/cursor-pages";
import { isLiveConnected } from "@/web/lib/live";
import { queryKeys } from "@/web/lib/query-keys";

const EMPTY: NotificationList = { notifications: [], unreadCount: 0, nextCursor: null };

/**
 * The bell's list, a page at a time (older ones on "Load more", decision 104). News arrives without a
 * reload over the live stream (decision 131); while the stream is down the bell polls every 30 seconds
 * instead (decision 063), and it is read again on window focus either way.
 */
export const notificationsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: queryKeys.notifications.list(),
    ...cursorPages("/api/notifications", async (url) => (await getJsonIfSignedIn<NotificationList>(url)) ?? EMPTY),
    // Read again whenever the query changes: the live connection refreshes it when it drops and when it is back.
    refetchInterval: () => (isLiveConnected() ? false : 30_000),
    refetchOnWindowFocus: true,
    staleTime: 0,
  });

export const notificationPreferencesQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.notifications.preferences(),
    queryFn: () => getJson<NotificationPreferences>("/api/notifications/preferences"),
  });

/** Marks one notification read; the count drops at once, the list is read again after. */
export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  const key = notificationsQueryOptions().queryKey;
  return useMutation({
    mutationFn: (id: number) => requestJson<Notification>("POST", `/api/notifications/${id}/read`),
    onMutate: (id) => {
      queryClient.setQueryData(key, (data) => {
        if (!data) return data;
        const target = data.pages.flatMap((p) => p.notifications).find((n) => n.id === id);
        if (!target || target.readAt) return data;
        const readAt = new Date().toISOString();
        return {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            notifications: page.notifications.map((n) => (n.id === id ? { ...n, readAt } : n)),
            unreadCount: Math.max(0, page.unreadCount - 1),
          })),
        };
      });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}

export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  const key = notificationsQueryOptions().queryKey;
  return useMutation({
    mutationFn: async () => {
      await apiRequest("POST", "/api/notifications/read-all");
    },
    onError: (err) => toast({ title: "Error", description: errorMessage(err), variant: "destructive" }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}

/** Saves at once; the box shows the new choice while the server stores it, and goes back if it fails. */
export function useSaveNotificationPreferences() {
  const queryClient = useQueryClient();
  const key = notificationPreferencesQueryOptions().queryKey;
  return useMutation({
    mutationFn: (input: UpdateNotificationPreferencesInput) =>
      requestJson<NotificationPreferences>("PUT", "/api/notifications/preferences", input),
    onMutate: async (input) => {
      // A read still on its way holds the choice before this one: it must not land on top of it.
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData(key);
      if (before) {
        const changed = new Map(input.preferences.map((p) => [p.kind, p.email]));
        queryClient.setQueryData(key, {
          preferences: before.preferences.map((p) => ({ ...p, email: changed.get(p.kind) ?? p.email })),
        });
      }
      return { before };
    },
    onSuccess: (saved) => {
      queryClient.setQueryData(key, saved);
      toast({ title: "Preferences Saved", description: "Your email notification settings are updated." });
    },
    onError: (err, _input, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before);
      toast({ title: "Error", description: errorMessage(err), variant: "destructive" });
    },
  });
}

/**
 * Opening a notification: its news changed what the linked page shows (a new quote, a decision), so
 * every read but the bell's is read again rather than shown as it was cached.
 */
export function useRefreshAfterNews(): () => void {
  const queryClient = useQueryClient();
  return () =>
    void queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] !== queryKeys.notifications.all[0] });
}
