// Listening on a NOTIFY channel on either driver, for what every app process must hear when another
// commits: the job queue's wake-ups (decision 124) and the live updates (decision 130).
import pg from "pg";
import type { Database } from "./client";

export type ChannelLog = { warn: (obj: object, msg: string) => void };

export type ChannelHandlers = {
  /** A notification's payload, delivered after the transaction that sent it committed. */
  onMessage: (payload: string) => void;
  /** Listening (again): whatever was sent while it was not was missed. */
  onListening?: () => void;
  /** The connection was lost; it is opened again by itself. */
  onLost?: () => void;
};

export type ChannelListener = {
  /** Settles after the first attempt to listen, whether it succeeded or is being retried. */
  ready: Promise<void>;
  stop: () => Promise<void>;
};

/**
 * The waits before listening again after the connection is lost: 250 ms, doubling, at most 4 s, so that
 * the process hears again within a second of a short restart's end, and within 5 s of a long outage's
 * (decision 143).
 */
export const RELISTEN_FIRST_MS = 250;
export const RELISTEN_MAX_MS = 4000;

/**
 * PostgreSQL: one connection of its own (outside the pool, whose connections come and go) listens on
 * the channel; when it is lost, it is opened again after a wait that grows while it keeps failing.
 */
function listenOnPostgres(
  options: pg.ClientConfig,
  channel: string,
  log: ChannelLog,
  handlers: ChannelHandlers,
): ChannelListener {
  let client: pg.Client | null = null;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let wait = RELISTEN_FIRST_MS;
  const connect = async (): Promise<void> => {
    const c = new pg.Client({ ...options, statement_timeout: undefined });
    client = c;
    let lost = false;
    let listening = false;
    const onLost = (err?: Error) => {
      if (lost) return;
      lost = true;
      if (client === c) client = null;
      c.end().catch(() => undefined);
      if (stopped || timer) return;
      if (listening) handlers.onLost?.();
      log.warn({ err, channel }, "notifications: connection lost, listening again shortly");
      timer = setTimeout(() => {
        timer = undefined;
        void connect();
      }, wait);
      timer.unref();
      wait = Math.min(wait * 2, RELISTEN_MAX_MS);
    };
    c.on("error", onLost);
    c.on("end", () => onLost());
    c.on("notification", (message) => {
      if (message.channel === channel) handlers.onMessage(message.payload ?? "");
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      if (lost || stopped) return;
      listening = true;
      wait = RELISTEN_FIRST_MS;
      handlers.onListening?.();
    } catch (err) {
      onLost(err instanceof Error ? err : new Error(String(err)));
    }
  };
  return {
    ready: connect(),
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      const c = client;
      client = null;
      await c?.end().catch(() => undefined);
    },
  };
}

/** PGlite: its one session listens, and hears the notifications its own transactions commit. */
function listenOnPglite(
  pglite: NonNullable<Database["pglite"]>,
  channel: string,
  handlers: ChannelHandlers,
): ChannelListener {
  const unlisten = pglite.listen(channel, (payload) => handlers.onMessage(payload));
  return {
    ready: unlisten.then(() => handlers.onListening?.()),
    stop: async () => {
      await (await unlisten)();
    },
  };
}

export function listenOnChannel(
  database: Database,
  channel: string,
  log: ChannelLog,
  handlers: ChannelHandlers,
): ChannelListener {
  if (database.kind === "pglite") {
    if (!database.pglite) throw new Error("The embedded database has no PGlite instance.");
    return listenOnPglite(database.pglite, channel, handlers);
  }
  if (!database.pool) throw new Error("The PostgreSQL database has no connection pool.");
  return listenOnPostgres(database.pool.options, channel, log, handlers);
}
