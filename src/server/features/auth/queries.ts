import { and, desc, eq, gt, isNull, lt, ne, notInArray, or, sql } from "drizzle-orm";
import { aggregateRow, countWhere } from "../../db/aggregates";
import type { Db } from "../../db/client";
import { firstRow } from "../../db/first-row";
import { placeholderTime, preparedPerDatabase } from "../../db/prepared";
import { wroteAny } from "../../db/row-count";
import { type AccountTokenRow, accountTokens } from "../../db/schema/account-tokens";
import { emailOutbox } from "../../db/schema/email-outbox";
import { loginAttempts } from "../../db/schema/login-attempts";
import { sessions } from "../../db/schema/sessions";
import { type UserRow, users } from "../../db/schema/users";
import { endUserStreams } from "../../live/publish";

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  return firstRow(db.select().from(users).where(eq(users.email, email)));
}

export async function findUserById(db: Db, id: number): Promise<UserRow | undefined> {
  return firstRow(db.select().from(users).where(eq(users.id, id)));
}

export async function insertUser(
  db: Db,
  values: Pick<UserRow, "email" | "passwordHash" | "firstName" | "lastName"> & Partial<Pick<UserRow, "userType">>,
): Promise<UserRow | undefined> {
  // ON CONFLICT keeps a race of two sign-ups with one email from ending in a 500.
  const [row] = await db.insert(users).values(values).onConflictDoNothing({ target: users.email }).returning();
  return row;
}

/** A new session, and the account's last sign-in (the admin's Users tab shows it), in one statement. */
export async function insertSession(
  db: Db,
  values: { id: string; userId: number; expiresAt: Date; now: Date; userAgent: string | null },
): Promise<void> {
  const { id, userId, expiresAt, now, userAgent } = values;
  await db.execute(sql`
    with s as (
      insert into ${sessions} (id, user_id, created_at, expires_at, last_seen_at, user_agent)
      values (${id}, ${userId}, ${now}, ${expiresAt}, ${now}, ${userAgent})
    )
    update ${users} set last_sign_in_at = ${now} where id = ${userId}`);
}

/** Whether a session is live at `now`: before its end, and used since `idleSince`. */
const live = (now: Date, idleSince: Date) => and(gt(sessions.expiresAt, now), gt(sessions.lastSeenAt, idleSince));

/**
 * The statement of every signed-in request, prepared (decision 123). A suspended account's session is
 * no session (decision 135): the suspension deletes them, and one begun in a race with it is refused here.
 */
const findUserBySessionStatement = preparedPerDatabase((db) =>
  db
    .select({ user: users, expiresAt: sessions.expiresAt, lastSeenAt: sessions.lastSeenAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.id, sql.placeholder("id")),
        gt(sessions.expiresAt, sql.placeholder("now")),
        gt(sessions.lastSeenAt, sql.placeholder("idleSince")),
        isNull(users.suspendedAt),
      ),
    )
    .limit(1)
    .prepare("find_user_by_session"),
);

/** One query per request: the session and its user, if the session is still live at `now`. */
export async function findUserBySession(
  db: Db,
  sessionId: string,
  now: Date,
  idleSince: Date,
): Promise<{ user: UserRow; expiresAt: Date; lastSeenAt: Date } | undefined> {
  const [row] = await findUserBySessionStatement(db).execute({
    id: sessionId,
    now: placeholderTime(now),
    idleSince: placeholderTime(idleSince),
  });
  return row;
}

export async function touchSession(db: Db, sessionId: string, now: Date): Promise<void> {
  await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, sessionId));
}

/** The account's live sessions, most recently used first. */
export async function listLiveSessions(db: Db, userId: number, now: Date, idleSince: Date) {
  return db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), live(now, idleSince)))
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.createdAt));
}

/** Keeps the account's `keep` most recently used sessions and ends the others. */
export async function trimSessions(db: Db, userId: number, keep: number): Promise<void> {
  const kept = db
    .select({ id: sessions.id })
    .from(sessions)
    .where(eq(sessions.userId, userId))
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.createdAt))
    .limit(keep);
  await db.delete(sessions).where(and(eq(sessions.userId, userId), notInArray(sessions.id, kept)));
}

/** Ends one session of the user's; false when the user has no such session. */
export async function deleteSessionOfUser(db: Db, userId: number, sessionId: string): Promise<boolean> {
  return wroteAny(
    db
      .delete(sessions)
      .where(and(eq(sessions.userId, userId), eq(sessions.id, sessionId)))
      .returning({ id: sessions.id }),
  );
}

export async function deleteSession(db: Db, sessionId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

/** One checked password: its outcome, for the limits that look back over a window. */
export async function insertLoginAttempt(
  db: Db,
  values: { email: string; ip: string; succeeded: boolean; createdAt: Date },
): Promise<void> {
  await db.insert(loginAttempts).values(values);
}

/** Sign-in attempts made before `attemptsBefore` (past every window that counts them), sessions ended by `now` or idle since `idleSince`, and links past their time. */
export async function purgeOldAuthRows(
  db: Db,
  attemptsBefore: Date,
  now: Date,
  idleSince: Date,
): Promise<{ attempts: number; sessions: number }> {
  const attempts = await db
    .delete(loginAttempts)
    .where(lt(loginAttempts.createdAt, attemptsBefore))
    .returning({ id: loginAttempts.id });
  const ended = await db
    .delete(sessions)
    .where(or(lt(sessions.expiresAt, now), lt(sessions.lastSeenAt, idleSince)))
    .returning({ id: sessions.id });
  await db.delete(accountTokens).where(lt(accountTokens.expiresAt, now));
  return { attempts: attempts.length, sessions: ended.length };
}

/**
 * Failed attempts made after `since`, in one query: for the account from anywhere and from this address
 * (both only since the account's last success: its owner got in), and from this address for any account.
 */
export async function countRecentFailures(
  db: Db,
  email: string,
  ip: string,
  since: Date,
): Promise<{ byAccount: number; byPair: number; byAddress: number }> {
  const lastSuccess = sql`(select max(${loginAttempts.createdAt}) from ${loginAttempts}
    where ${loginAttempts.email} = ${email} and ${loginAttempts.succeeded})`;
  const afterSuccess = sql`${loginAttempts.createdAt} > coalesce(${lastSuccess}, ${since})`;
  return aggregateRow(
    db
      .select({
        byAccount: countWhere(sql`${loginAttempts.email} = ${email} and ${afterSuccess}`),
        byPair: countWhere(sql`${loginAttempts.email} = ${email} and ${loginAttempts.ip} = ${ip} and ${afterSuccess}`),
        byAddress: countWhere(sql`${loginAttempts.ip} = ${ip}`),
      })
      .from(loginAttempts)
      .where(
        and(
          eq(loginAttempts.succeeded, false),
          gt(loginAttempts.createdAt, since),
          or(eq(loginAttempts.email, email), eq(loginAttempts.ip, ip)),
        ),
      ),
  );
}

export async function setUserType(db: Db, id: number, userType: UserRow["userType"]): Promise<UserRow | undefined> {
  const [row] = await db.update(users).set({ userType, updatedAt: sql`now()` }).where(eq(users.id, id)).returning();
  return row;
}

export async function updateUserName(db: Db, id: number, firstName: string, lastName: string) {
  const [row] = await db
    .update(users)
    .set({ firstName, lastName, updatedAt: sql`now()` })
    .where(eq(users.id, id))
    .returning();
  return row;
}

export async function updatePasswordHash(db: Db, id: number, passwordHash: string): Promise<void> {
  await db.update(users).set({ passwordHash, updatedAt: sql`now()` }).where(eq(users.id, id));
}

/** Signs the user out everywhere but the session given; the kept session's tabs reconnect their live streams. */
export async function deleteOtherSessions(db: Db, userId: number, keepSessionId: string): Promise<void> {
  await db.delete(sessions).where(and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId)));
  await endUserStreams(db, [userId]);
}

export async function insertAccountToken(db: Db, values: typeof accountTokens.$inferInsert): Promise<void> {
  await db.insert(accountTokens).values(values);
}

/** A live token of this purpose, without using it up. */
export async function findAccountToken(
  db: Db,
  id: string,
  purpose: AccountTokenRow["purpose"],
  now: Date,
): Promise<AccountTokenRow | undefined> {
  return firstRow(
    db
      .select()
      .from(accountTokens)
      .where(and(eq(accountTokens.id, id), eq(accountTokens.purpose, purpose), gt(accountTokens.expiresAt, now))),
  );
}

/** Uses a token up: true only for the one caller that deleted it while it was live. */
export async function takeAccountToken(db: Db, id: string, now: Date): Promise<boolean> {
  return wroteAny(
    db
      .delete(accountTokens)
      .where(and(eq(accountTokens.id, id), gt(accountTokens.expiresAt, now)))
      .returning({ id: accountTokens.id }),
  );
}

export async function deleteAccountTokens(db: Db, userId: number, purpose: AccountTokenRow["purpose"]): Promise<void> {
  await db.delete(accountTokens).where(and(eq(accountTokens.userId, userId), eq(accountTokens.purpose, purpose)));
}

/** Signs the user out everywhere, open live streams included. */
export async function deleteAllSessions(db: Db, userId: number): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
  await endUserStreams(db, [userId]);
}

/** A new password; an address the owner proved by a link it received there is verified as well. */
export async function setPasswordAfterReset(
  db: Db,
  userId: number,
  passwordHash: string,
  verifiedEmail: string,
  now: Date,
): Promise<void> {
  await db
    .update(users)
    .set({
      passwordHash,
      emailVerifiedAt: sql`case when ${users.email} = ${verifiedEmail} then coalesce(${users.emailVerifiedAt}, ${now}) else ${users.emailVerifiedAt} end`,
      updatedAt: sql`now()`,
    })
    .where(eq(users.id, userId));
}

/** The account's address is `email`, confirmed at `now` (a move to a new address takes it too). */
export async function confirmEmail(db: Db, userId: number, email: string, now: Date): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ email, emailVerifiedAt: now, updatedAt: sql`now()` })
    .where(eq(users.id, userId))
    .returning();
  return row;
}

/** The account's row, locked until the transaction ends. */
export async function lockUser(db: Db, id: number): Promise<UserRow | undefined> {
  return firstRow(db.select().from(users).where(eq(users.id, id)).for("update"));
}

/** How many emails of `kind` the account was sent since `since`. */
export async function countEmailsSince(db: Db, userId: number, kind: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.userId, userId), eq(emailOutbox.kind, kind), gt(emailOutbox.createdAt, since)));
  return row?.n ?? 0;
}
