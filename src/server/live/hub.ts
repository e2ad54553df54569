// The live hub (decision 130): one per app process. It listens on the live channel once, for all the
// process's streams, and passes each event to the open streams of the users the event names. Every
// process listens on the same database, so an event committed through one reaches the tabs connected
// to any other. While it cannot listen, it holds no stream: the tabs poll until they connect again.
import { type LiveEvent, liveEventSchema } from "@/shared/live";
import type { Database } from "../db/client";
import { type ChannelListener, listenOnChannel } from "../db/listen";
import { LIVE_CHANNEL } from "./publish";

/** One signed-in tab's stream, as the hub sees it. */
export type LiveStream = {
  userId: number;
  /** The network it comes from (rateLimitSubject: an IPv4 address, an IPv6 /64). */
  network: string;
  /** Whether the user's address is confirmed: an unconfirmed account holds fewer streams. */
  confirmed: boolean;
  /** The session it was opened with (sessions.id): the heartbeat checks it is still live. */
  sessionId: string;
  /** Writes the event to the tab. */
  send: (event: LiveEvent) => void;
  /** Writes a comment line, which the tab ignores and which keeps the connection in use. */
  comment: (text: string) => void;
  /** Ends the stream (the tab's EventSource connects again by itself, if it still may). */
  end: () => void;
};

export type LiveLimits = {
  /** Streams one user may hold open in one process: a tab each, and then some. */
  perUser: number;
  /** Streams of a user whose address nobody has confirmed: accounts made at will hold little (issue 29). */
  perUnconfirmedUser: number;
  /** Streams from one network, whatever the accounts: one person's many accounts cannot fill the process. */
  perNetwork: number;
  /** Streams one process holds at most, whoever holds them. */
  total: number;
};

export const DEFAULT_LIVE_LIMITS: LiveLimits = { perUser: 10, perUnconfirmedUser: 2, perNetwork: 100, total: 2000 };

export type LiveHubLog = { warn: (obj: object, msg: string) => void };

/** Why a stream was not taken. */
export type Refusal = "user-limit" | "network-limit" | "total-limit" | "unavailable";

export type LiveHub = {
  /** Listens, if it does not yet; false while it cannot (the database is out of reach, or shutting down). */
  ensureListening: () => Promise<boolean>;
  /** Takes a stream, or says why not. */
  add: (stream: LiveStream) => Refusal | null;
  remove: (stream: LiveStream) => void;
  /** The process's open streams, for the heartbeat's session checks. */
  streams: () => LiveStream[];
  /** Passes a message heard on the channel to the streams of its users (exported for the tests). */
  deliver: (payload: string) => void;
  /** Ends every stream and stops listening: the app is closing. */
  stop: () => Promise<void>;
};

function parseMessage(payload: string): { userIds: number[]; event: LiveEvent } | null {
  try {
    const message: unknown = JSON.parse(payload);
    if (typeof message !== "object" || message === null) return null;
    const { userIds, event } = message as { userIds?: unknown; event?: unknown };
    const parsed = liveEventSchema.safeParse(event);
    if (!Array.isArray(userIds) || !parsed.success) return null;
    return { userIds: userIds.filter((id): id is number => typeof id === "number"), event: parsed.data };
  } catch {
    return null;
  }
}

/**
 * `beforeDelivery` hears the users of each event before their tabs do: the process drops what it keeps of
 * them (decision 192), so that the read a tab makes on the news never finds it kept from before.
 */
export function createLiveHub(
  database: Database,
  log: LiveHubLog,
  limits: LiveLimits = DEFAULT_LIVE_LIMITS,
  beforeDelivery: (userIds: readonly number[]) => void = () => {},
): LiveHub {
  const byUser = new Map<number, Set<LiveStream>>();
  const byNetwork = new Map<string, number>();
  let count = 0;
  let listener: ChannelListener | null = null;
  let listening = false;
  let stopped = false;

  const endAll = () => {
    for (const set of [...byUser.values()]) for (const stream of [...set]) stream.end();
  };

  const hub: LiveHub = {
    async ensureListening() {
      if (stopped) return false;
      if (!listener) {
        listener = listenOnChannel(database, LIVE_CHANNEL, log, {
          onMessage: (payload) => hub.deliver(payload),
          onListening: () => {
            listening = true;
          },
          // What was committed until it listens again is not heard: the tabs poll meanwhile, and catch
          // up when their stream is back.
          onLost: () => {
            listening = false;
            endAll();
          },
        });
      }
      await listener.ready;
      return listening && !stopped;
    },

    add(stream) {
      if (stopped || !listening) return "unavailable";
      const set = byUser.get(stream.userId) ?? new Set<LiveStream>();
      if (set.size >= (stream.confirmed ? limits.perUser : limits.perUnconfirmedUser)) return "user-limit";
      const fromNetwork = byNetwork.get(stream.network) ?? 0;
      if (fromNetwork >= limits.perNetwork) return "network-limit";
      if (count >= limits.total) return "total-limit";
      set.add(stream);
      byUser.set(stream.userId, set);
      byNetwork.set(stream.network, fromNetwork + 1);
      count += 1;
      return null;
    },

    remove(stream) {
      const set = byUser.get(stream.userId);
      if (!set?.delete(stream)) return;
      count -= 1;
      const fromNetwork = (byNetwork.get(stream.network) ?? 1) - 1;
      if (fromNetwork > 0) byNetwork.set(stream.network, fromNetwork);
      else byNetwork.delete(stream.network);
      if (set.size === 0) byUser.delete(stream.userId);
    },

    streams: () => [...byUser.values()].flatMap((set) => [...set]),

    deliver(payload) {
      const message = parseMessage(payload);
      if (!message) {
        log.warn({ payload: payload.slice(0, 200) }, "live: a message on the channel that is not a live event");
        return;
      }
      beforeDelivery(message.userIds);
      for (const userId of message.userIds) {
        for (const stream of [...(byUser.get(userId) ?? [])]) {
          stream.send(message.event);
          // The session (or the account's access) ended: the stream goes, whichever process holds it.
          if (message.event.type === "session-ended") stream.end();
        }
      }
    },

    async stop() {
      stopped = true;
      listening = false;
      endAll();
      const l = listener;
      listener = null;
      await l?.stop();
    },
  };
  return hub;
}
