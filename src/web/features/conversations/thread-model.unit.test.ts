import { describe, expect, it } from "vitest";
import type { Message, MessagePage } from "@/shared/conversations";
import { linkSegments } from "./link-segments";
import { isAtBottom, mergePages, newestTheirs, seenMessageId, withSentMessage } from "./thread-model";

const message = (id: number, mine: boolean, body: string | null = `message ${id}`): Message => ({
  id,
  leadId: 7,
  side: mine ? "provider" : "client",
  mine,
  authorName: mine ? "Acme Bots" : "Morgan",
  body,
  hidden: body === null,
  createdAt: new Date(Date.UTC(2026, 10, 25, 12, id)).toISOString(),
});
const page = (ids: number[], nextCursor: string | null = null): MessagePage => ({
  messages: ids.map((id) => message(id, id % 2 === 0)),
  nextCursor,
});

describe("mergePages", () => {
  it("puts the pages (newest first) in reading order, oldest first", () => {
    expect(mergePages([page([6, 5, 4], "c"), page([3, 2, 1])]).map((m) => m.id)).toEqual([1, 2, 3, 4, 5, 6]);
  });
  it("shows a message twice in two pages once (a refetch after new messages shifts the pages)", () => {
    expect(mergePages([page([8, 7, 6], "c"), page([6, 5, 4])]).map((m) => m.id)).toEqual([4, 5, 6, 7, 8]);
  });
  it("is empty before any page", () => {
    expect(mergePages([])).toEqual([]);
  });
});

describe("withSentMessage", () => {
  it("puts the sent message at the head of the newest page", () => {
    const data = { pages: [page([3, 2]), page([1])], pageParams: [null, "c"] };
    const after = withSentMessage(data, message(4, true));
    expect(after?.pages[0]?.messages.map((m) => m.id)).toEqual([4, 3, 2]);
    expect(after?.pages[1]).toBe(data.pages[1]);
    expect(after?.pageParams).toEqual([null, "c"]);
  });
  it("leaves the pages as they are when a refetch already brought it", () => {
    const data = { pages: [page([4, 3])], pageParams: [null] };
    expect(withSentMessage(data, message(4, true))).toBe(data);
  });
  it("starts a page for the first message of a thread", () => {
    expect(withSentMessage({ pages: [] }, message(1, true))?.pages).toEqual([
      { messages: [message(1, true)], nextCursor: null },
    ]);
    expect(withSentMessage(undefined, message(1, true))).toBeUndefined();
  });
});

describe("seenMessageId and newestTheirs", () => {
  const thread = [message(1, true), message(2, false), message(3, true), message(4, true), message(5, false)];
  it("marks the newest own message the other side has read", () => {
    expect(seenMessageId(thread, 0)).toBeNull();
    expect(seenMessageId(thread, 1)).toBe(1);
    expect(seenMessageId(thread, 3)).toBe(3);
    expect(seenMessageId(thread, 4)).toBe(4);
    expect(seenMessageId(thread, 99)).toBe(4);
  });
  it("finds the other side's newest message, null when they wrote none", () => {
    expect(newestTheirs(thread)).toBe(5);
    expect(newestTheirs(thread.slice(0, 4))).toBe(2);
    expect(newestTheirs([message(1, true)])).toBeNull();
  });
});

describe("linkSegments", () => {
  it("makes web and mail addresses links and keeps the rest as text", () => {
    expect(linkSegments("See https://example.com/a?b=1, or www.foo.org.\nMail me@x.io")).toEqual([
      { kind: "text", text: "See " },
      { kind: "link", text: "https://example.com/a?b=1", href: "https://example.com/a?b=1" },
      { kind: "text", text: ", or " },
      { kind: "link", text: "www.foo.org", href: "https://www.foo.org" },
      { kind: "text", text: ".\nMail " },
      { kind: "link", text: "me@x.io", href: "mailto:me@x.io" },
    ]);
  });
  it("leaves other schemes and markup as text", () => {
    const text = "javascript:alert(1) ftp://files.example.com/a <script>alert(1)</script> data:text/html,x";
    expect(linkSegments(text)).toEqual([{ kind: "text", text }]);
  });
  it("keeps the text whole: the segments join to it", () => {
    const text = "  two  spaces\n\nand http://a.example/b?c=<d>  ";
    expect(
      linkSegments(text)
        .map((s) => s.text)
        .join(""),
    ).toBe(text);
  });
});

describe("isAtBottom", () => {
  it("is true within the slack of the end", () => {
    expect(isAtBottom({ scrollHeight: 1000, clientHeight: 400, scrollTop: 600 })).toBe(true);
    expect(isAtBottom({ scrollHeight: 1000, clientHeight: 400, scrollTop: 560 })).toBe(true);
    expect(isAtBottom({ scrollHeight: 1000, clientHeight: 400, scrollTop: 500 })).toBe(false);
  });
});
