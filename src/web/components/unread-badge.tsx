// The unread counts of the conversations: a red pill, read by screen readers as words. Here rather
// than in features/conversations because the sidebar and both dashboards show them (decision 080).
import { MessageSquare } from "lucide-react";
import { useAuth } from "@/web/lib/auth";
import { cn } from "@/web/lib/cn";
import { useUnreadSummary } from "@/web/lib/conversation-unread";
import { badgeCount } from "@/web/lib/format";

/** A list row's count, in words: "2 new messages"; nothing when there are none. */
export function UnreadRowBadge({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <span
      className="inline-flex items-center gap-1 rounded-full bg-red-100 px-2.5 py-0.5 text-xs font-semibold text-red-800"
      data-testid="row-unread"
    >
      <MessageSquare className="h-3 w-3" aria-hidden="true" />
      {count === 1 ? "1 new message" : `${badgeCount(count)} new messages`}
    </span>
  );
}

/** A count of unread messages; nothing when there are none. */
export function UnreadBadge({ count, testId = "unread-badge" }: { count: number; testId?: string }) {
  if (count <= 0) return null;
  return (
    <span
      className="inline-flex h-5 min-w-5 items-center justify-center rounded-full bg-red-600 px-1.5 text-xs font-semibold text-white"
      data-testid={testId}
    >
      <span aria-hidden="true">{badgeCount(count)}</span>
      <span className="sr-only">{count === 1 ? "1 unread message" : `${count} unread messages`}</span>
    </span>
  );
}

/**
 * A top bar button's count in its corner (the unresolved alerts, the unread notifications); nothing when
 * there are none. The button's label says it in words, so screen readers skip it. `className` centres it.
 */
export function CornerCount({ count, className, testId }: { count?: number; className: string; testId?: string }) {
  if (!count) return null;
  return (
    <span
      aria-hidden="true"
      data-testid={testId}
      className={cn(
        "absolute -right-0.5 -top-0.5 min-w-5 rounded-full bg-red-600 px-1 text-xs font-semibold text-white",
        className,
      )}
    >
      {badgeCount(count)}
    </span>
  );
}

/** The sidebar's count on "My Requests" (a client) or "Available Leads" (a provider). */
export function NavUnreadCount() {
  const { user } = useAuth();
  const enabled = user?.userType === "client" || user?.userType === "provider";
  const total = useUnreadSummary(enabled).data?.total ?? 0;
  return <UnreadBadge count={enabled ? total : 0} testId="nav-unread-count" />;
}
