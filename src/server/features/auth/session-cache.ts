// Each process keeps the sessions it has just read, so that a signed-in request costs no query (decision
// 180). A cached session is trusted only while the process hears the database's word on every change to
// a session or an account: triggers (migration 0029) send the account's id on the auth channel when its
// row changes or one of its sessions ends, in the transaction that does it, and every process drops that
// account's sessions when it commits. While the process cannot listen, nothing is cached and every
// request reads the database, as before. The expiry and the idle timeout are checked at each use by the
// app's clock, as the query checks them.
// The same hearing keeps a few reads of a user's own (decision 192): the first page of a client's requests
// and of a provider's leads, which cost the database more than the rest of the request. Migrations 0030
// and 0031 send the user's id when what those pages show changes; a process drops what it keeps of an
// account whatever it hears of it, and the live hub drops what it keeps of the users it passes an event
// to before the event reaches their tabs. The admin's Overview figures are kept the same way, under
// MARKETPLACE_ID (decision 194, migration 0032).
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Clock } from "../../clock";
import type { Database, Db } from "../../db/client";
import { type ChannelListener, type ChannelLog, listenOnChannel } from "../../db/listen";
import type { UserRow } from "../../db/schema/users";
import * as q from "./queries";
import { sessionIdFromToken } from "./service";

/** The channel the triggers of migrations 0029-0032 notify: the payload is the account's id (or MARKETPLACE_ID). */
export const AUTH_CHANNEL = "automatch_auth";
/**
 * The id the marketplace's own figures are kept under, as a user's reads are: the admin's Overview
 * (decision 194). Migration 0032 sends it when a write may change them; no account has it.
 */
export const MARKETPLACE_ID = 0;
/** A session's last use is written at most this often: one write a minute, not one a request. */
export const TOUCH_EVERY_MS = 60 * 1000;
/** The most sessions one process keeps; the one cached longest ago goes first. */
export const MAX_CACHED_SESSIONS = 10_000;
/** The most users whose own reads one process keeps; the one kept longest ago goes first. */
export const MAX_USERS_WITH_KEPT_READS = 10_000;
/**
 * How long (by the app's clock) a cached session is trusted without being read again, whatever is heard: a bound on what a
 * notification the database never sent (a change made with the triggers disabled) could leave stale.
 */
export const CACHED_FOR_MS = 30 * 1000;
/** How long a write's answer waits to hear its own changes before it stops trusting the cache instead. */
export const SYNC_WAIT_MS = 2000;

type Entry = { user: UserRow; expiresAt: Date; lastSeenAt: Date; readAt: Date };
type KeptRead = { value: unknown; readAt: number };
export type SessionLookup = { db: Db; now: Clock; sessionIdleMs: number };

export type SessionCache = {
  /** The user whose live session the token opens (this use keeps it alive), or undefined. */
  userFor: (app: SessionLookup, token: string) => Promise<UserRow | undefined>;
  /**
   * Returns once this process has heard every change committed before the call (PostgreSQL: the
   * notifications come on a connection of their own, so they may trail the writer's commit; PGlite hears
   * them before the commit returns). A write's answer waits for it, so that the request after a sign-out
   * or a suspension answered by this process never finds the session cached.
   */
  sync: (db: Db) => Promise<void>;
  /**
   * `read`'s answer, kept by this process under the user and `key` for at most CACHED_FOR_MS while it
   * hears every change to the account (decision 192): what `read` returns must change only when the
   * database says so for that user (migrations 0029-0032). While it cannot listen, every call reads.
   */
  userRead: <T>(userId: number, key: string, at: Date, read: () => Promise<T>) => Promise<T>;
  /** Drops what the process keeps of these users: news of them is on its way to their tabs. */
  forgetUsers: (userIds: readonly number[]) => void;
  /** Starts listening; settles once the first attempt has listened or failed (it is retried). */
  start: () => Promise<void>;
  /** Stops listening and forgets every session: the app is closing. */
  close: () => Promise<void>;
};

export function createSessionCache(database: Database, log: ChannelLog): SessionCache {
  const entries = new Map<string, Entry>();
  const byUser = new Map<number, Set<string>>();
  const reads = new Map<number, Map<string, KeptRead>>();
  let listener: ChannelListener | null = null;
  let listening = false;
  let closed = false;
  // Moves on with everything heard: a read that began before a change is not cached after it.
  let generation = 0;
  // Moves on when everything is forgotten. A user's own read is kept unless that user, or everything, was
  // heard of while it was read: the generation each user with reads under way was last heard of at.
  let everything = 0;
  const readsUnderWay = new Map<number, number>();
  const lastHeardOf = new Map<number, number>();
  // The syncs waiting to hear their own notification, by number; this process's mark on them.
  const syncs = new Map<number, () => void>();
  const mark = `sync:${randomUUID()}:`;
  let syncCount = 0;
  const heard = (payload: string) => {
    if (payload.startsWith(mark)) {
      // Notifications come in the order they were committed: every earlier sync is heard too.
      const n = Number(payload.slice(mark.length));
      for (const [k, done] of syncs) if (k <= n) done();
    } else if (!payload.startsWith("sync:")) forgetUser(payload);
  };
  const endSyncs = () => {
    for (const done of syncs.values()) done();
  };

  const forget = (id: string) => {
    const entry = entries.get(id);
    if (!entry) return;
    entries.delete(id);
    const ids = byUser.get(entry.user.id);
    ids?.delete(id);
    if (ids?.size === 0) byUser.delete(entry.user.id);
  };
  const forgetAll = () => {
    generation += 1;
    everything += 1;
    entries.clear();
    byUser.clear();
    reads.clear();
  };
  const forgetUser = (payload: string | number) => {
    generation += 1;
    const userId = Number(payload);
    for (const id of [...(byUser.get(userId) ?? [])]) forget(id);
    reads.delete(userId);
    if (readsUnderWay.has(userId)) lastHeardOf.set(userId, generation);
  };
  const keepRead = (userId: number, key: string, read: KeptRead) => {
    const kept = reads.get(userId) ?? new Map<string, KeptRead>();
    // Moved to the end: the user kept longest ago is the first one out.
    reads.delete(userId);
    if (reads.size >= MAX_USERS_WITH_KEPT_READS) {
      const oldest = reads.keys().next();
      if (!oldest.done) reads.delete(oldest.value);
    }
    kept.set(key, read);
    reads.set(userId, kept);
  };
  const keep = (id: string, entry: Entry) => {
    forget(id);
    if (entries.size >= MAX_CACHED_SESSIONS) {
      const oldest = entries.keys().next();
      if (!oldest.done) forget(oldest.value);
    }
    entries.set(id, entry);
    const ids = byUser.get(entry.user.id) ?? new Set<string>();
    ids.add(id);
    byUser.set(entry.user.id, ids);
  };
  const listen = () => {
    if (closed) return;
    listener ??= listenOnChannel(database, AUTH_CHANNEL, log, {
      onMessage: heard,
      onListening: () => {
        forgetAll();
        listening = true;
      },
      // What changed until it listens again was not heard: nothing cached is trusted, nothing is cached.
      onLost: () => {
        listening = false;
        forgetAll();
        endSyncs();
      },
    });
    return listener.ready;
  };

  /** The cached session while it is live at `at` and may be trusted; undefined sends the caller to the database. */
  const cached = (id: string, at: Date, idleSince: Date): Entry | undefined => {
    const entry = listening ? entries.get(id) : undefined;
    if (!entry) return undefined;
    const fresh = at.getTime() - entry.readAt.getTime() < CACHED_FOR_MS;
    // Another process may have used the session since: an entry that looks idle is read again, not refused.
    if (fresh && entry.expiresAt > at && entry.lastSeenAt > idleSince) return entry;
    forget(id);
    return undefined;
  };

  return {
    async userFor({ db, now, sessionIdleMs }, token) {
      const at = now();
      const id = sessionIdFromToken(token);
      const idleSince = new Date(at.getTime() - sessionIdleMs);
      let entry = cached(id, at, idleSince);
      if (!entry) {
        const since = generation;
        const found = await q.findUserBySession(db, id, at, idleSince);
        if (!found) return undefined;
        entry = { ...found, readAt: at };
        if (listening && since === generation) keep(id, entry);
      }
      if (at.getTime() - entry.lastSeenAt.getTime() >= TOUCH_EVERY_MS) {
        await q.touchSession(db, id, at);
        entry.lastSeenAt = at;
      }
      // A copy: what a handler does to its request's user never reaches the next request's.
      return { ...entry.user };
    },
    async userRead<T>(userId: number, key: string, at: Date, read: () => Promise<T>) {
      const kept = listening ? reads.get(userId)?.get(key) : undefined;
      if (kept && at.getTime() - kept.readAt < CACHED_FOR_MS) return kept.value as T;
      const since = generation;
      const sinceEverything = everything;
      readsUnderWay.set(userId, (readsUnderWay.get(userId) ?? 0) + 1);
      let heardOf = false;
      let value: T;
      try {
        value = await read();
      } finally {
        heardOf = (lastHeardOf.get(userId) ?? since) > since;
        const left = (readsUnderWay.get(userId) ?? 1) - 1;
        if (left > 0) readsUnderWay.set(userId, left);
        else {
          readsUnderWay.delete(userId);
          lastHeardOf.delete(userId);
        }
      }
      // Kept only if nothing was heard of the user while it was read: what was heard may have changed it.
      if (listening && sinceEverything === everything && !heardOf) {
        keepRead(userId, key, { value, readAt: at.getTime() });
      }
      return value;
    },
    forgetUsers(userIds) {
      for (const userId of userIds) forgetUser(userId);
    },
    async start() {
      await listen();
    },
    async sync(db) {
      if (!listening || database.kind !== "postgres") return;
      const n = ++syncCount;
      let timer: NodeJS.Timeout | undefined;
      const done = new Promise<void>((resolve) => {
        syncs.set(n, resolve);
        timer = setTimeout(() => {
          // Not heard in time: whatever is cached may be stale, so it all goes.
          forgetAll();
          resolve();
        }, SYNC_WAIT_MS);
      });
      try {
        await db.execute(sql`select pg_notify(${AUTH_CHANNEL}, ${`${mark}${n}`})`);
        await done;
      } catch {
        // The write itself is done: its answer goes out, and nothing cached is trusted any more.
        forgetAll();
      } finally {
        clearTimeout(timer);
        syncs.delete(n);
      }
    },
    async close() {
      closed = true;
      listening = false;
      forgetAll();
      endSyncs();
      const l = listener;
      listener = null;
      await l?.stop();
    },
  };
}
