import { useInfiniteQuery } from "@tanstack/react-query";
import { Bell, CheckCheck } from "lucide-react";
import { Popover } from "radix-ui";
import { useState } from "react";
import { Link } from "react-router";
import type { Notification } from "@/shared/notifications";
import { Tooltip } from "@/web/components/ui/tooltip";
import { CornerCount } from "@/web/components/unread-badge";
import { cn } from "@/web/lib/cn";
import { timeAgo } from "@/web/lib/time-ago";
import {
  notificationsQueryOptions,
  useMarkAllNotificationsRead,
  useMarkNotificationRead,
  useRefreshAfterNews,
} from "./api";

function NotificationItem({ notification: n, onOpen }: { notification: Notification; onOpen: () => void }) {
  const unread = !n.readAt;
  const content = (
    <>
      <span
        className={cn("mt-1.5 h-2 w-2 shrink-0 rounded-full", unread ? "bg-blue-600" : "bg-transparent")}
        aria-hidden="true"
      />
      <span className="min-w-0 flex-1">
        <span className={cn("block text-sm text-slate-900", unread && "font-semibold")}>
          {unread ? <span className="sr-only">Unread: </span> : null}
          {n.title}
        </span>
        <span className="mt-0.5 block text-sm text-slate-600 [overflow-wrap:anywhere]">{n.body}</span>
        <span className="mt-1 block text-xs text-slate-600">{timeAgo(n.createdAt)}</span>
      </span>
    </>
  );
  const className = cn(
    "flex w-full gap-3 px-4 py-3 text-left hover:bg-slate-50 focus-visible:bg-slate-50 focus-visible:outline-none",
    unread && "bg-blue-50/60",
  );
  return n.link ? (
    <Link to={n.link} className={className} onClick={onOpen} data-testid="notification-item">
      {content}
    </Link>
  ) : (
    <button type="button" className={className} onClick={onOpen} data-testid="notification-item">
      {content}
    </button>
  );
}

/** The bell in the top bar: unread count, the latest notifications, each leading to its page. */
export function NotificationBell() {
  const [open, setOpen] = useState(false);
  const list = useInfiniteQuery(notificationsQueryOptions());
  const data = list.data?.pages[0];
  const markRead = useMarkNotificationRead();
  const refreshAfterNews = useRefreshAfterNews();
  const markAll = useMarkAllNotificationsRead();
  const unread = data?.unreadCount ?? 0;
  const items = list.data?.pages.flatMap((page) => page.notifications) ?? [];
  const label = unread > 0 ? `Notifications, ${unread} unread` : "Notifications";

  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Tooltip label="Notifications">
        <Popover.Trigger asChild>
          <button
            type="button"
            aria-label={label}
            className="relative rounded-md p-2 text-slate-700 hover:bg-slate-100"
            data-testid="notification-bell"
          >
            <Bell className="h-5 w-5" aria-hidden="true" />
            <CornerCount count={unread} className="flex h-5 items-center justify-center" testId="notification-count" />
          </button>
        </Popover.Trigger>
      </Tooltip>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={8}
          collisionPadding={8}
          aria-label="Notifications"
          className="z-50 w-[min(24rem,calc(100vw-1rem))] rounded-lg border border-slate-200 bg-white shadow-lg"
        >
          <div className="flex items-center justify-between gap-2 border-b border-slate-200 px-4 py-3">
            <h2 className="text-sm font-semibold text-slate-900">Notifications</h2>
            <button
              type="button"
              onClick={() => markAll.mutate()}
              disabled={unread === 0 || markAll.isPending}
              className="flex items-center gap-1 rounded px-2 py-1 text-sm font-medium text-blue-700 hover:bg-blue-50 disabled:cursor-not-allowed disabled:text-slate-500 disabled:hover:bg-transparent"
            >
              <CheckCheck className="h-4 w-4" aria-hidden="true" />
              Mark all as read
            </button>
          </div>
          {items.length === 0 ? (
            <p className="px-4 py-8 text-center text-sm text-slate-600">No notifications yet.</p>
          ) : (
            <ul
              className="max-h-[min(28rem,70vh)] divide-y divide-slate-100 overflow-y-auto"
              aria-label="Latest notifications"
            >
              {items.map((n) => (
                <li key={n.id}>
                  <NotificationItem
                    notification={n}
                    onOpen={() => {
                      if (!n.readAt) markRead.mutate(n.id);
                      setOpen(false);
                      refreshAfterNews();
                    }}
                  />
                </li>
              ))}
              {list.hasNextPage ? (
                <li className="p-2 text-center">
                  <button
                    type="button"
                    onClick={() => void list.fetchNextPage()}
                    disabled={list.isFetchingNextPage}
                    className="rounded px-3 py-1.5 text-sm font-medium text-blue-700 hover:bg-blue-50 disabled:text-slate-500"
                  >
                    {list.isFetchingNextPage ? "Loading..." : "Load more"}
                  </button>
                </li>
              ) : null}
            </ul>
          )}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
