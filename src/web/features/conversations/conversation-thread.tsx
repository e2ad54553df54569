// One conversation: its messages, oldest at the top and newest at the bottom (older pages load when
// the reader scrolls up), and the composer, or why the reader can no longer write. While the thread is
// on screen, the other side's messages are marked read, which drops the unread counts.
import { Flag } from "lucide-react";
import { type ReactNode, type RefObject, useEffect, useId, useLayoutEffect, useRef, useState } from "react";
import type { Conversation, Message } from "@/shared/conversations";
import { AttachmentList } from "@/web/components/files/attachment-list";
import { errorMessage } from "@/web/lib/api";
import { cn } from "@/web/lib/cn";
import { formatDateTime } from "@/web/lib/format";
import { timeAgo } from "@/web/lib/time-ago";
import { useConversation, useMarkRead, useMessages } from "./api";
import { MessageComposer } from "./message-composer";
import { MessageText } from "./message-text";
import { isAtBottom, mergePages, newestTheirs, seenMessageId } from "./thread-model";

/** Marking read waits this long after the last change, so that a burst of messages is one request. */
const MARK_READ_DELAY_MS = 500;

/** Now, again every minute, so that "5 min ago" moves on while the thread is open. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 60_000);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}

/** True while the element is on screen and the tab is the one in front. */
function useSeen(ref: RefObject<HTMLElement | null>): boolean {
  const [inView, setInView] = useState(false);
  const [tabShown, setTabShown] = useState(() => document.visibilityState === "visible");
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const observer = new IntersectionObserver(([entry]) => setInView(entry?.isIntersecting ?? false));
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref]);
  useEffect(() => {
    const onChange = () => setTabShown(document.visibilityState === "visible");
    document.addEventListener("visibilitychange", onChange);
    return () => document.removeEventListener("visibilitychange", onChange);
  }, []);
  return inView && tabShown;
}

/**
 * The "Report" dialog of a message of the other side (features/reports), which the route in src/web/app
 * puts in: features do not import each other (decision 080).
 */
export type ReportDialogSlot = (props: {
  messageId: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) => ReactNode;

/** Opens the report of a message of the other side. */
type ReportHandler = (message: Message) => void;

function MessageItem({
  message: m,
  side,
  seen,
  now,
  onReport,
}: {
  message: Message;
  side: Conversation["side"];
  seen: boolean;
  now: number;
  onReport: ReportHandler;
}) {
  const own = side === "client" ? "bg-blue-700 text-white" : "bg-green-700 text-white";
  const removed = m.hidden || m.body === null;
  const files = removed ? [] : (m.files ?? []);
  return (
    <li
      className={cn("flex flex-col gap-1", m.mine ? "items-end" : "items-start")}
      data-testid="message"
      data-mine={m.mine}
    >
      {m.mine ? null : <span className="px-1 text-xs font-medium text-slate-700">{m.authorName}</span>}
      {/* A message of files alone has no bubble of text. */}
      {removed || m.body ? (
        <div
          className={cn(
            "max-w-[85%] rounded-2xl px-3.5 py-2",
            removed
              ? "border border-dashed border-slate-300 bg-white text-slate-600"
              : m.mine
                ? cn(own, "rounded-br-md")
                : "rounded-bl-md bg-slate-100 text-slate-900",
          )}
        >
          {removed ? (
            <p className="text-sm italic" data-testid="message-removed">
              This message was removed by an administrator.
            </p>
          ) : (
            <MessageText text={m.body ?? ""} linkClassName={m.mine ? "text-white" : "text-blue-800"} />
          )}
        </div>
      ) : null}
      {files.length > 0 ? (
        <AttachmentList
          files={files}
          label={m.mine ? "Files you sent" : `Files from ${m.authorName}`}
          className="w-full max-w-[min(18rem,85%)] rounded-xl border border-slate-200 bg-white px-3"
        />
      ) : null}
      <div className="flex items-center gap-2 px-1 text-xs text-slate-600">
        {m.mine ? <span className="sr-only">You, </span> : null}
        <time dateTime={m.createdAt} title={formatDateTime(m.createdAt)}>
          {timeAgo(m.createdAt, now)}
        </time>
        {!m.mine && !m.hidden ? (
          <button
            type="button"
            onClick={() => onReport(m)}
            className="inline-flex items-center gap-1 rounded px-1 text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-500"
            aria-label={`Report this message from ${m.authorName}`}
          >
            <Flag className="h-3 w-3" aria-hidden="true" />
            Report
          </button>
        ) : null}
      </div>
      {seen ? (
        <span className="px-1 text-xs font-medium text-slate-600" data-testid="message-seen">
          Seen
        </span>
      ) : null}
    </li>
  );
}

export function ConversationThread({
  leadId,
  emptyText,
  reportDialog,
}: {
  leadId: number;
  /** What the thread says before anyone wrote. */
  emptyText: string;
  reportDialog: ReportDialogSlot;
}) {
  const conversation = useConversation(leadId);
  const list = useMessages(leadId);
  const markRead = useMarkRead(leadId);
  const now = useNow();
  const labelId = useId();
  // The other side's message being reported (the route's dialog), kept while the dialog closes.
  const [reported, setReported] = useState<{ id: number; open: boolean } | null>(null);

  const scrollRef = useRef<HTMLDivElement>(null);
  const topRef = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const previous = useRef<{ first?: number; last?: number; height: number }>({ height: 0 });

  const messages = mergePages(list.data?.pages ?? []);
  const first = messages[0]?.id;
  const last = messages.at(-1);
  const c = conversation.data;

  // Where the list stands after a change: at the bottom when opened; where it was when older messages
  // came in above; at the bottom again for a new message if the reader was there, or wrote it.
  useLayoutEffect(() => {
    const el = scrollRef.current;
    if (!el) return;
    const before = previous.current;
    if (before.first === undefined && first !== undefined) el.scrollTop = el.scrollHeight;
    else if (first !== before.first) el.scrollTop += el.scrollHeight - before.height;
    if (last && last.id !== before.last && before.last !== undefined && (atBottom.current || last.mine)) {
      el.scrollTop = el.scrollHeight;
    }
    atBottom.current = isAtBottom(el);
    previous.current = { first, last: last?.id, height: el.scrollHeight };
  }, [first, last]);

  // Older pages load when the top of the list comes into view (the button is there for keyboards).
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = list;
  useEffect(() => {
    const root = scrollRef.current;
    const top = topRef.current;
    if (!root || !top || !hasNextPage) return;
    const observer = new IntersectionObserver(
      ([entry]) => {
        if (entry?.isIntersecting && !isFetchingNextPage) void fetchNextPage();
      },
      { root, rootMargin: "80px 0px 0px 0px" },
    );
    observer.observe(top);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  // The other side's newest message is marked read while the thread is seen.
  const seenOnScreen = useSeen(scrollRef);
  const newest = newestTheirs(messages);
  const unread = c?.unread ?? 0;
  const marked = useRef(0);
  const { mutate: mark } = markRead;
  useEffect(() => {
    if (!seenOnScreen || newest === null || unread === 0 || marked.current >= newest) return;
    const timer = window.setTimeout(() => {
      marked.current = newest;
      mark(newest, {
        onError: () => {
          marked.current = 0;
        },
      });
    }, MARK_READ_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [seenOnScreen, newest, unread, mark]);

  const seenId = c ? seenMessageId(messages, c.seenUpTo) : null;
  const error = conversation.error ?? list.error;
  const name = c?.counterpartName;

  return (
    <div className="flex flex-col gap-3" data-testid="conversation-thread" data-lead-id={leadId}>
      <span id={labelId} className="sr-only">
        {name ? `Messages with ${name}` : "Messages"}
      </span>
      <div
        ref={scrollRef}
        role="log"
        aria-live="polite"
        aria-labelledby={labelId}
        aria-busy={list.isLoading || isFetchingNextPage}
        // A scrolling region is reached with the keyboard too.
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the log scrolls, and keyboards must reach it
        tabIndex={0}
        onScroll={(e) => {
          atBottom.current = isAtBottom(e.currentTarget);
        }}
        className="max-h-[28rem] min-h-40 overflow-y-auto [overflow-anchor:none] rounded-md border border-slate-200 bg-white p-3 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-500"
        data-testid="message-log"
      >
        <div ref={topRef} aria-hidden="true" className="h-px" />
        {hasNextPage ? (
          <div className="mb-3 flex justify-center">
            <button
              type="button"
              onClick={() => void fetchNextPage()}
              disabled={isFetchingNextPage}
              className="rounded px-3 py-1 text-sm font-medium text-blue-700 hover:bg-blue-50 disabled:text-slate-500"
            >
              {isFetchingNextPage ? "Loading earlier messages..." : "Load earlier messages"}
            </button>
          </div>
        ) : null}
        {list.isLoading ? (
          <p role="status" className="py-6 text-center text-sm text-slate-600">
            Loading messages...
          </p>
        ) : error ? (
          <p role="alert" className="py-6 text-center text-sm text-red-700">
            The conversation could not be loaded: {errorMessage(error)}
          </p>
        ) : messages.length === 0 ? (
          <p className="px-4 py-6 text-center text-sm text-slate-600" data-testid="conversation-empty">
            {emptyText}
          </p>
        ) : (
          <ol className="space-y-3">
            {messages.map((m) => (
              <MessageItem
                key={m.id}
                message={m}
                side={c?.side ?? "client"}
                seen={m.id === seenId}
                now={now}
                onReport={(message) => setReported({ id: message.id, open: true })}
              />
            ))}
          </ol>
        )}
      </div>
      {c ? (
        c.canWrite ? (
          <MessageComposer leadId={leadId} counterpartName={c.counterpartName} />
        ) : (
          <p className="rounded-md bg-slate-100 px-3 py-2 text-sm text-slate-700" data-testid="conversation-closed">
            {c.closedReason ?? "This conversation is closed."}
          </p>
        )
      ) : null}
      {reported
        ? reportDialog({
            messageId: reported.id,
            open: reported.open,
            onOpenChange: (open) => setReported({ id: reported.id, open }),
          })
        : null}
    </div>
  );
}
