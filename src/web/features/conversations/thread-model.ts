// The thread's rules kept free of React, so that they can be unit-tested: pages to one list, the
// "Seen" marker, what to mark read (the unread counts of a row are src/web/lib/conversation-unread.ts).
import type { Message, MessagePage } from "@/shared/conversations";

/**
 * The pages of a thread (each newest first, the newest page first) as one list, oldest first. A live
 * refetch reads the pages again from the newest, so two pages can hold the same message: it shows once.
 */
export function mergePages(pages: readonly MessagePage[]): Message[] {
  const byId = new Map<number, Message>();
  for (const page of pages) for (const m of page.messages) byId.set(m.id, m);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

/** A sent message put in the first (newest) page at once, unless a refetch already brought it. */
export function withSentMessage<T extends { pages: MessagePage[] }>(data: T | undefined, sent: Message): T | undefined {
  if (!data) return data;
  if (data.pages.some((p) => p.messages.some((m) => m.id === sent.id))) return data;
  const [first, ...rest] = data.pages;
  const head: MessagePage = first
    ? { ...first, messages: [sent, ...first.messages] }
    : { messages: [sent], nextCursor: null };
  return { ...data, pages: [head, ...rest] };
}

/** The id of the newest of the reader's messages the other side has read (`seenUpTo`), or null. */
export function seenMessageId(messages: readonly Message[], seenUpTo: number): number | null {
  let seen: number | null = null;
  for (const m of messages) if (m.mine && m.id <= seenUpTo) seen = m.id;
  return seen;
}

/** The newest message of the other side, which marking read goes up to; null when they wrote none. */
export function newestTheirs(messages: readonly Message[]): number | null {
  for (let i = messages.length - 1; i >= 0; i--) {
    const m = messages[i];
    if (m && !m.mine) return m.id;
  }
  return null;
}

/** Within this many pixels of the end, the reader is at the newest message, and new ones scroll in. */
export const AT_BOTTOM_SLACK_PX = 48;

export function isAtBottom(el: { scrollHeight: number; scrollTop: number; clientHeight: number }): boolean {
  return el.scrollHeight - el.scrollTop - el.clientHeight <= AT_BOTTOM_SLACK_PX;
}

/** The counter under the composer shows from this many characters left. */
export const COUNTER_FROM_LEFT = 500;

/** The id of a thread's element on its page, which a notification's link names (`#conversation-12`). */
export function conversationAnchor(leadId: number): string {
  return `conversation-${leadId}`;
}
