// Publishing a live update: a NOTIFY on the live channel, written in the caller's transaction so that it
// is heard exactly when (and only if) the change commits, by every app process sharing the database
// (PostgreSQL's LISTEN, or PGlite's listen on the embedded one). The stream (GET /api/events) of each
// process passes the event to the tabs of the users it names.
import { sql } from "drizzle-orm";
import type { LiveEvent } from "@/shared/live";
import type { Db } from "../db/client";

export const LIVE_CHANNEL = "automatch_live";

/** What travels on the channel: the users to tell and the event. Kept far below NOTIFY's 8000 bytes. */
export type LiveMessage = { userIds: number[]; event: LiveEvent };

export async function publishLiveEvent(tx: Db, userIds: number[], event: LiveEvent): Promise<void> {
  const to = [...new Set(userIds)];
  if (to.length === 0) return;
  const message: LiveMessage = { userIds: to, event };
  await tx.execute(sql`SELECT pg_notify(${LIVE_CHANNEL}, ${JSON.stringify(message)})`);
}

/**
 * Ends every live stream of the users, in every process, when the transaction commits (their
 * sessions were ended, or the account suspended): each stream is told "session-ended" and closed.
 * A tab whose session is still good connects again by itself; the others find they are signed out.
 */
export async function endUserStreams(tx: Db, userIds: number[]): Promise<void> {
  await publishLiveEvent(tx, userIds, { type: "session-ended" });
}
