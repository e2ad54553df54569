// The browser's live connection (decision 131) with a fake EventSource: which reads each event
// refreshes, the catch-up when the stream is back, and the reopening after the browser gave it up.
import { InfiniteQueryObserver, QueryClient, type QueryKey, QueryObserver } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { LIVE_EVENT_TYPES } from "@/shared/live";
import {
  CATCH_UP_KEYS,
  type EventSourceLike,
  keysForEvent,
  refreshReads,
  reopenDelay,
  startLiveConnection,
} from "./live";
import { queryKeys } from "./query-keys";

class FakeSource implements EventSourceLike {
  readyState = 0;
  closed = false;
  private listeners = new Map<string, (() => void)[]>();
  constructor(readonly url: string) {}
  addEventListener(type: string, listener: () => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {
    this.closed = true;
    this.readyState = 2;
  }
  emit(type: string) {
    if (type === "ready") this.readyState = 1;
    for (const l of this.listeners.get(type) ?? []) l();
  }
  /** The connection dropped: the browser tries again by itself (CONNECTING) or gives up (CLOSED). */
  fail(giveUp: boolean) {
    this.readyState = giveUp ? 2 : 0;
    this.emit("error");
  }
}

function harness() {
  const sources: FakeSource[] = [];
  const invalidated: QueryKey[][] = [];
  const connected: boolean[] = [];
  const scheduled: { run: () => void; ms: number; cancelled: boolean }[] = [];
  const connection = startLiveConnection({
    open: (url) => {
      const s = new FakeSource(url);
      sources.push(s);
      return s;
    },
    invalidate: (keys) => invalidated.push(keys),
    setConnected: (value) => connected.push(value),
    schedule: (run, ms) => {
      const entry = { run, ms, cancelled: false };
      scheduled.push(entry);
      return () => {
        entry.cancelled = true;
      };
    },
  });
  const current = () => {
    const s = sources.at(-1);
    if (!s) throw new Error("no source opened");
    return s;
  };
  return { sources, invalidated, connected, scheduled, connection, current };
}

describe("keysForEvent", () => {
  it("refreshes the reads each event concerns", () => {
    expect(keysForEvent("notification")).toEqual(
      expect.arrayContaining([queryKeys.notifications.list(), queryKeys.quotes.all, queryKeys.leads.all]),
    );
    expect(keysForEvent("message")).toEqual([queryKeys.conversations.all, queryKeys.leads.all]);
    expect(keysForEvent("read")).toEqual([queryKeys.conversations.all]);
    expect(keysForEvent("quote")).toEqual([
      queryKeys.quoteRequests.all,
      queryKeys.quotes.all,
      queryKeys.leads.all,
      queryKeys.conversations.all,
    ]);
    expect(keysForEvent("lead")).toContainEqual(queryKeys.leads.all);
    expect(keysForEvent("session-ended")).toEqual([queryKeys.auth.user()]);
  });

  it("never refreshes the notification settings, which only their own Save changes", () => {
    // A read refreshed while a Save is on its way would put the box back as it was (decision 169).
    const covers = (key: readonly unknown[], target: readonly unknown[]) =>
      key.every((part, i) => JSON.stringify(part) === JSON.stringify(target[i]));
    const every = [...LIVE_EVENT_TYPES.flatMap(keysForEvent), ...CATCH_UP_KEYS];
    expect(every.filter((key) => covers(key, queryKeys.notifications.preferences()))).toEqual([]);
  });

  it("catches up on everything but the session, each key once", () => {
    expect(CATCH_UP_KEYS).toContainEqual(queryKeys.conversations.all);
    expect(CATCH_UP_KEYS).toContainEqual(queryKeys.notifications.list());
    expect(CATCH_UP_KEYS).not.toContainEqual(queryKeys.auth.user());
    expect(new Set(CATCH_UP_KEYS.map((k) => JSON.stringify(k))).size).toBe(CATCH_UP_KEYS.length);
  });
});

describe("reopenDelay", () => {
  it("waits 1 s, doubling, at most 30 s", () => {
    expect([1, 2, 3, 4, 5, 6, 7, 20].map(reopenDelay)).toEqual([
      1000, 2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000,
    ]);
  });
});

describe("startLiveConnection", () => {
  it("opens /api/events, is connected at its ready event, and refreshes what each event names", () => {
    const h = harness();
    expect(h.current().url).toBe("/api/events");
    expect(h.connected).toEqual([]);
    h.current().emit("ready");
    expect(h.connected).toEqual([true]);
    // The first time, the bell is read again (news between its first read and the stream's opening).
    expect(h.invalidated).toEqual([[queryKeys.notifications.list()]]);
    h.current().emit("message");
    h.current().emit("session-ended");
    expect(h.invalidated.slice(1)).toEqual([
      [queryKeys.conversations.all, queryKeys.leads.all],
      [queryKeys.auth.user()],
    ]);
  });

  it("on a dropped stream, polls until the browser's own reconnection is ready, then catches up", () => {
    const h = harness();
    h.current().emit("ready");
    h.invalidated.length = 0;
    h.current().fail(false);
    expect(h.connected).toEqual([true, false]);
    expect(h.invalidated).toEqual([[queryKeys.notifications.list()]]);
    expect(h.scheduled).toEqual([]);
    h.current().emit("ready");
    expect(h.connected).toEqual([true, false, true]);
    expect(h.invalidated.at(-1)).toEqual(CATCH_UP_KEYS);
    expect(h.sources).toHaveLength(1);
  });

  it("when the browser gives up, opens it again after 1 s, 2 s, 4 s..., and starts over once connected", () => {
    const h = harness();
    h.current().emit("ready");
    for (const ms of [1000, 2000, 4000]) {
      const source = h.current();
      source.fail(true);
      expect(source.closed).toBe(true);
      // Perhaps signed out: the app checks.
      expect(h.invalidated.at(-1)).toEqual([queryKeys.auth.user()]);
      const next = h.scheduled.at(-1);
      expect(next?.ms).toBe(ms);
      next?.run();
    }
    expect(h.sources).toHaveLength(4);
    h.current().emit("ready");
    expect(h.connected.at(-1)).toBe(true);
    expect(h.invalidated.at(-1)).toEqual(CATCH_UP_KEYS);
    h.current().fail(true);
    expect(h.scheduled.at(-1)?.ms).toBe(1000);
  });

  it("stops: closes the stream, cancels a reopening, and ignores what the old stream still says", () => {
    const h = harness();
    h.current().emit("ready");
    h.current().fail(true);
    const old = h.sources[0];
    h.connection.stop();
    expect(h.scheduled.at(-1)?.cancelled).toBe(true);
    expect(h.connected.at(-1)).toBe(false);
    const before = h.invalidated.length;
    old?.emit("notification");
    expect(h.invalidated).toHaveLength(before);
  });
});

describe("refreshReads", () => {
  /** A server whose answers the test sends: each read waits until answered with what is true then. */
  function server() {
    const waiting: ((value: string) => void)[] = [];
    let reads = 0;
    return {
      read: () => {
        reads += 1;
        return new Promise<string>((resolve) => waiting.push(resolve));
      },
      answerAll: (value: string) => {
        for (const resolve of waiting.splice(0)) resolve(value);
      },
      reads: () => reads,
    };
  }
  const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

  it("reads again a shown first read still on its way, answered before the change: the page ends with the change", async () => {
    const queryClient = new QueryClient();
    const list = server();
    // The dashboard's list (an infinite query) and its cards, both shown, both on their first read.
    const listKey = queryKeys.quoteRequests.mine();
    const pages = new InfiniteQueryObserver(queryClient, {
      queryKey: listKey,
      queryFn: list.read,
      initialPageParam: 0,
      getNextPageParam: () => undefined,
    });
    const stopPages = pages.subscribe(() => undefined);
    const counts = server();
    const cards = new QueryObserver(queryClient, { queryKey: queryKeys.quoteRequests.counts(), queryFn: counts.read });
    const stopCards = cards.subscribe(() => undefined);
    await settled();
    // The cards' first read is answered; the list's is answered too, but its answer is still on its way.
    counts.answerAll("open");
    await settled();

    // The match commits and its event arrives before the list's answer.
    const refreshed = refreshReads(queryClient, keysForEvent("lead"));
    list.answerAll("open");
    await settled();
    counts.answerAll("matched");
    list.answerAll("matched");
    await refreshed;
    await settled();

    expect(cards.getCurrentResult().data).toBe("matched");
    expect(pages.getCurrentResult().data?.pages).toEqual(["matched"]);
    expect(list.reads()).toBe(2);
    stopPages();
    stopCards();
  });

  it("reads a read that already has its answer once more, and leaves what no page shows stale but unread", async () => {
    const queryClient = new QueryClient();
    const one = server();
    const shown = new QueryObserver(queryClient, { queryKey: queryKeys.quoteRequests.one(1), queryFn: one.read });
    const stop = shown.subscribe(() => undefined);
    await settled();
    one.answerAll("open");
    await settled();
    queryClient.setQueryData(queryKeys.quoteRequests.one(2), "not shown");

    const refreshed = refreshReads(queryClient, [queryKeys.quoteRequests.all]);
    await settled();
    one.answerAll("matched");
    await refreshed;

    expect(shown.getCurrentResult().data).toBe("matched");
    expect(one.reads()).toBe(2);
    expect(queryClient.getQueryState(queryKeys.quoteRequests.one(2))?.isInvalidated).toBe(true);
    expect(queryClient.getQueryData(queryKeys.quoteRequests.one(2))).toBe("not shown");
    stop();
  });
});
