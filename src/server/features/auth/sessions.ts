// The account's sign-ins, as Settings lists them (decision 117): which device, when last used, and a
// way to end each one or all.
import { createHash } from "node:crypto";
import Bowser from "bowser";
import type { AccountSession } from "@/shared/auth";
import type { SessionRow } from "../../db/schema/sessions";
import { NotFoundError } from "../../errors";
import * as q from "./queries";
import { type AuthDeps, sessionIdFromToken } from "./service";

/** What the list calls a session: derived from its key, so that the list hands out neither the cookie nor the key. */
export function publicSessionId(sessionId: string): string {
  return createHash("sha256").update(`session:${sessionId}`).digest("base64url").slice(0, 22);
}

/** "Chrome on macOS", "Safari on iOS", or what little can be told. */
export function describeDevice(userAgent: string | null): string {
  if (!userAgent) return "Unknown device";
  const parser = Bowser.getParser(userAgent);
  const browser = parser.getBrowserName();
  const os = parser.getOSName();
  if (browser && os) return `${browser} on ${os}`;
  return browser || os || "Unknown device";
}

function toAccountSession(row: SessionRow, currentId: string | null): AccountSession {
  return {
    id: publicSessionId(row.id),
    device: describeDevice(row.userAgent),
    createdAt: row.createdAt.toISOString(),
    lastSeenAt: row.lastSeenAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    current: row.id === currentId,
  };
}

type SessionDeps = Pick<AuthDeps, "db" | "now" | "sessionIdleMs">;

function liveSessions(deps: SessionDeps, userId: number) {
  const now = deps.now();
  return q.listLiveSessions(deps.db, userId, now, new Date(now.getTime() - deps.sessionIdleMs));
}

/** The account's live sessions, the one asking first, then by last use. */
export async function listSessions(deps: SessionDeps, userId: number, currentToken: string | undefined) {
  const currentId = currentToken ? sessionIdFromToken(currentToken) : null;
  const rows = await liveSessions(deps, userId);
  const list = rows.map((r) => toAccountSession(r, currentId));
  return [...list.filter((s) => s.current), ...list.filter((s) => !s.current)];
}

/** Ends one of the account's sessions; 404 for one it does not have (another account's, or gone). */
export async function endSessionById(deps: SessionDeps, userId: number, publicId: string): Promise<void> {
  const rows = await liveSessions(deps, userId);
  const row = rows.find((r) => publicSessionId(r.id) === publicId);
  if (!row || !(await q.deleteSessionOfUser(deps.db, userId, row.id))) {
    throw new NotFoundError("That session has already ended.");
  }
}

export async function endAllSessions(deps: Pick<AuthDeps, "db">, userId: number): Promise<void> {
  await q.deleteAllSessions(deps.db, userId);
}
