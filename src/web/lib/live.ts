// Live updates in the browser (decision 131): one EventSource on GET /api/events per signed-in tab. Each
// event refreshes the reads it concerns (through queryKeys); while the stream is down the reads that
// must stay fresh poll instead (useLiveConnected, isLiveConnected), and when it is back they catch up.
import { type QueryClient, type QueryKey, useQueryClient } from "@tanstack/react-query";
import { useEffect, useSyncExternalStore } from "react";
import { LIVE_EVENT_TYPES, type LiveEventType } from "@/shared/live";
import { queryKeys } from "./query-keys";

export const LIVE_URL = "/api/events";
/** The waits before opening the stream again after the browser gave it up: 1 s, doubling, at most 30 s. */
export const REOPEN_FIRST_MS = 1000;
export const REOPEN_MAX_MS = 30_000;

export function reopenDelay(failures: number): number {
  return Math.min(REOPEN_FIRST_MS * 2 ** Math.max(0, failures - 1), REOPEN_MAX_MS);
}

/** What each event makes stale: the reads of the things it says changed. */
export function keysForEvent(type: LiveEventType): QueryKey[] {
  switch (type) {
    // A notification reports news about requests, quotes, leads or the provider's company.
    case "notification":
      return [
        queryKeys.notifications.list(),
        queryKeys.quoteRequests.all,
        queryKeys.quotes.all,
        queryKeys.leads.all,
        queryKeys.analytics.mine(),
        queryKeys.companies.mine(),
      ];
    // A client's first message shows the provider the client's contact details on the lead's page.
    case "message":
      return [queryKeys.conversations.all, queryKeys.leads.all];
    case "read":
      return [queryKeys.conversations.all];
    case "quote":
      return [queryKeys.quoteRequests.all, queryKeys.quotes.all, queryKeys.leads.all, queryKeys.conversations.all];
    case "lead":
      return [queryKeys.leads.all, queryKeys.quoteRequests.all, queryKeys.conversations.all];
    // The server ended the stream with the session: the app learns whether it is still signed in.
    case "session-ended":
      return [queryKeys.auth.user()];
  }
}

/** What a stream back after a gap refreshes: anything an event could have said meanwhile. */
export const CATCH_UP_KEYS: QueryKey[] = [
  ...new Map(
    LIVE_EVENT_TYPES.filter((t) => t !== "session-ended")
      .flatMap(keysForEvent)
      .map((key) => [JSON.stringify(key), key] as const),
  ).values(),
];

/** The part of EventSource the connection uses (a test gives a fake). */
export type EventSourceLike = {
  readonly readyState: number;
  addEventListener: (type: string, listener: () => void) => void;
  close: () => void;
};
const CLOSED = 2;

export type LiveDeps = {
  open: (url: string) => EventSourceLike;
  invalidate: (keys: QueryKey[]) => void;
  setConnected: (connected: boolean) => void;
  schedule: (run: () => void, ms: number) => () => void;
};

/**
 * One tab's stream: the browser's EventSource reconnects by itself after a dropped connection; when it
 * gives up (an answer other than the stream: a restart, a 503, a 401), it is opened again after a wait.
 */
export function startLiveConnection(deps: LiveDeps): { stop: () => void } {
  let source: EventSourceLike | null = null;
  let failures = 0;
  let everConnected = false;
  let connected = false;
  let cancelReopen: (() => void) | null = null;
  let stopped = false;

  const setConnected = (value: boolean) => {
    if (connected === value) return;
    connected = value;
    deps.setConnected(value);
  };

  const open = () => {
    cancelReopen = null;
    const s = deps.open(LIVE_URL);
    source = s;
    s.addEventListener("ready", () => {
      if (stopped || source !== s) return;
      failures = 0;
      setConnected(true);
      // Whatever changed while the stream was down (or before it was first open) was not told: the
      // reads it could concern are refreshed. The first time, only the bell's is left to check.
      deps.invalidate(everConnected ? CATCH_UP_KEYS : [queryKeys.notifications.list()]);
      everConnected = true;
    });
    for (const type of LIVE_EVENT_TYPES) {
      s.addEventListener(type, () => {
        if (!stopped && source === s) deps.invalidate(keysForEvent(type));
      });
    }
    s.addEventListener("error", () => {
      if (stopped || source !== s) return;
      if (connected) {
        setConnected(false);
        // Polling takes over now (the bell reads its interval again when its read is refreshed).
        deps.invalidate([queryKeys.notifications.list()]);
      }
      if (s.readyState !== CLOSED) return;
      s.close();
      source = null;
      failures += 1;
      // Refused: perhaps signed out (401) on the server's side; the app finds out.
      deps.invalidate([queryKeys.auth.user()]);
      cancelReopen = deps.schedule(open, reopenDelay(failures));
    });
  };

  open();
  return {
    stop: () => {
      stopped = true;
      cancelReopen?.();
      source?.close();
      source = null;
      setConnected(false);
    },
  };
}

// Whether this tab's stream is connected, for the reads that poll only while it is not.
let liveConnected = false;
const listeners = new Set<() => void>();

function setLiveConnected(value: boolean): void {
  liveConnected = value;
  for (const listener of listeners) listener();
}

/** Whether this tab's live stream is connected now (for refetchInterval functions). */
export function isLiveConnected(): boolean {
  return liveConnected;
}

/** Whether this tab's live stream is connected: poll only while it is not. */
export function useLiveConnected(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    isLiveConnected,
    () => false,
  );
}

/**
 * Marks the reads under each key stale and reads again the ones a page shows. TanStack's refetch joins a
 * first read still on its way instead of starting another, and that read may have been answered before
 * the change the event tells of: the page would keep the old answer until something else refreshed it
 * (a client's new request stayed "Open" beside cards that said it was matched). Such a read is cancelled
 * first, so that what the page shows is read after the event.
 */
export async function refreshReads(queryClient: QueryClient, keys: QueryKey[]): Promise<void> {
  await Promise.all(
    keys.map(async (queryKey) => {
      await queryClient.cancelQueries({
        queryKey,
        predicate: (query) => query.state.data === undefined && query.state.fetchStatus === "fetching",
      });
      await queryClient.invalidateQueries({ queryKey });
    }),
  );
}

function browserDeps(queryClient: QueryClient): LiveDeps {
  return {
    open: (url) => new EventSource(url),
    invalidate: (keys) => void refreshReads(queryClient, keys),
    setConnected: setLiveConnected,
    schedule: (run, ms) => {
      const timer = window.setTimeout(run, ms);
      return () => window.clearTimeout(timer);
    },
  };
}

/** The signed-in layout's stream: open while a user is signed in, closed on sign-out and unmount. */
export function useLiveUpdates(userId: number | undefined): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (userId === undefined || typeof EventSource === "undefined") return;
    const connection = startLiveConnection(browserDeps(queryClient));
    return () => connection.stop();
  }, [userId, queryClient]);
}
