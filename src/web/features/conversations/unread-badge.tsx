// The unread counts of the conversations: a red pill, read by screen readers as words.
import { useAuth } from "@/web/lib/auth";
import { useUnreadSummary } from "./api";

/** A count of unread messages; nothing when there are none. */
export function UnreadBadge({ count, testId = "unread-badge" }: { count: number; testId?: string }) {
  if (count <= 0) return null;
  return (
    <span
      className="inline-flex h-5 min-w-5 items-center justify-center rounded-full bg-red-600 px-1.5 text-xs font-semibold text-white"
      data-testid={testId}
    >
      <span aria-hidden="true">{count > 99 ? "99+" : count}</span>
      <span className="sr-only">{count === 1 ? "1 unread message" : `${count} unread messages`}</span>
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
