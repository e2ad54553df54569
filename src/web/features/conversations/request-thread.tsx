// The client's side: on a request's page, one thread per matched provider, folded under a
// "Message <company>" button with its unread count; the page's address can name one to open.
import { ChevronDown, MessageSquare } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { useLocation } from "react-router";
import type { RequestThread } from "@/shared/conversations";
import { UnreadBadge } from "@/web/components/unread-badge";
import { cn } from "@/web/lib/cn";
import { ConversationThread, type ReportDialogSlot } from "./conversation-thread";
import { conversationAnchor } from "./thread-model";

function preview(thread: RequestThread): string | null {
  const m = thread.lastMessage;
  if (!m) return null;
  // A message of files alone has an empty body.
  const text = m.body === null ? "A message was removed." : m.body || "Sent files.";
  return m.side === "client" ? `You: ${text}` : text;
}

export function RequestThreadPanel({
  thread,
  reportDialog,
}: {
  thread: RequestThread;
  reportDialog: ReportDialogSlot;
}) {
  const anchor = conversationAnchor(thread.leadId);
  const { hash } = useLocation();
  const named = hash === `#${anchor}`;
  const [open, setOpen] = useState(named);
  const ref = useRef<HTMLDivElement>(null);
  const panelId = useId();
  useEffect(() => {
    if (!named) return;
    setOpen(true);
    ref.current?.scrollIntoView({ block: "start" });
  }, [named]);
  const last = preview(thread);
  return (
    <div
      id={anchor}
      ref={ref}
      className="scroll-mt-4 space-y-3 border-t border-slate-200 pt-3"
      data-testid="request-thread"
    >
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((o) => !o)}
        className="flex w-full items-center gap-2 rounded-md px-2 py-1.5 text-left text-sm font-medium text-blue-800 hover:bg-blue-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-500"
      >
        <MessageSquare className="h-4 w-4 shrink-0" aria-hidden="true" />
        <span className="flex-1">Message {thread.companyName}</span>
        <UnreadBadge count={thread.unread} testId="thread-unread" />
        <ChevronDown className={cn("h-4 w-4 shrink-0 transition-transform", open && "rotate-180")} aria-hidden="true" />
      </button>
      {!open && last ? (
        <p className="line-clamp-1 px-2 text-sm text-slate-600 [overflow-wrap:anywhere]">{last}</p>
      ) : null}
      {open ? (
        <div id={panelId}>
          <ConversationThread
            leadId={thread.leadId}
            emptyText={`Ask ${thread.companyName} anything about their approach, price or timeline.`}
            reportDialog={reportDialog}
          />
        </div>
      ) : null}
    </div>
  );
}
