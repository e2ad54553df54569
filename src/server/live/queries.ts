// The heartbeat's session check: which of the streams' sessions are still live. One query for all the
// process's streams, and it does not count as use of the session (an open tab nobody looks at must not
// keep its session from its idle timeout, decision 117).
import { and, eq, gt, inArray, isNull } from "drizzle-orm";
import type { Db } from "../db/client";
import { sessions } from "../db/schema/sessions";
import { users } from "../db/schema/users";

export async function findLiveSessionIds(
  db: Db,
  sessionIds: string[],
  now: Date,
  idleSince: Date,
): Promise<Set<string>> {
  if (sessionIds.length === 0) return new Set();
  const rows = await db
    .select({ id: sessions.id })
    .from(sessions)
    .innerJoin(users, and(eq(users.id, sessions.userId), isNull(users.suspendedAt)))
    .where(and(inArray(sessions.id, sessionIds), gt(sessions.expiresAt, now), gt(sessions.lastSeenAt, idleSince)));
  return new Set(rows.map((r) => r.id));
}
