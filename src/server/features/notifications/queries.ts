import { and, count, desc, eq, inArray, isNull, lte, sql } from "drizzle-orm";
import type { EmailStatus, NotificationKind } from "@/shared/notifications";
import type { Db } from "../../db/client";
import { newestFirstPage, type OffsetPage } from "../../db/pages";
import { rowCount } from "../../db/row-count";
import { emailOutbox, type OutboxRow } from "../../db/schema/email-outbox";
import { notificationPreferences } from "../../db/schema/notification-preferences";
import { type NotificationRow, notifications } from "../../db/schema/notifications";
import { createdBefore } from "../../http/paging";

/** A page of the user's notifications, newest first (limit + 1 rows: see toPage). */
export async function latestNotifications(
  db: Db,
  userId: number,
  page: { after: number | null; limit: number },
): Promise<NotificationRow[]> {
  return db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), createdBefore(notifications, notifications, page.after)))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(page.limit + 1);
}

export async function countUnread(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return row?.n ?? 0;
}

/** Marks the user's own notification read (keeping the first read time); undefined: not theirs or gone. */
export async function markRead(db: Db, userId: number, id: number): Promise<NotificationRow | undefined> {
  const [row] = await db
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, now())` })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning();
  return row;
}

export async function markAllRead(db: Db, userId: number): Promise<number> {
  return rowCount(
    db
      .update(notifications)
      .set({ readAt: sql`now()` })
      .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
      .returning({ id: notifications.id }),
  );
}

/** The kinds the user turned email off (or on) for; kinds without a row are on. */
export async function emailChoices(db: Db, userId: number): Promise<Map<NotificationKind, boolean>> {
  const rows = await db
    .select({ kind: notificationPreferences.kind, email: notificationPreferences.email })
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId));
  return new Map(rows.map((r) => [r.kind, r.email]));
}

export async function emailWanted(db: Db, userId: number, kind: NotificationKind): Promise<boolean> {
  const [row] = await db
    .select({ email: notificationPreferences.email })
    .from(notificationPreferences)
    .where(and(eq(notificationPreferences.userId, userId), eq(notificationPreferences.kind, kind)))
    .limit(1);
  return row?.email ?? true;
}

export async function saveEmailChoices(
  db: Db,
  userId: number,
  choices: readonly { kind: NotificationKind; email: boolean }[],
): Promise<void> {
  if (choices.length === 0) return;
  await db
    .insert(notificationPreferences)
    .values(choices.map((c) => ({ userId, kind: c.kind, email: c.email })))
    .onConflictDoUpdate({
      target: [notificationPreferences.userId, notificationPreferences.kind],
      set: { email: sql`excluded.email`, updatedAt: sql`now()` },
    });
}

/**
 * Takes up to `limit` emails pending and due at `now`: counts the attempt and moves their next attempt
 * past `leaseSeconds`, so that another sender skips them meanwhile and a sender that dies mid-send
 * leaves them to be tried again when the lease runs out.
 */
export async function claimDueEmails(db: Db, limit: number, leaseSeconds: number, now: Date): Promise<OutboxRow[]> {
  const due = db
    .select({ id: emailOutbox.id })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.status, "pending"), lte(emailOutbox.nextAttemptAt, now)))
    .orderBy(emailOutbox.nextAttemptAt, emailOutbox.id)
    .limit(limit)
    .for("update", { skipLocked: true });
  return db
    .update(emailOutbox)
    .set({
      attempts: sql`${emailOutbox.attempts} + 1`,
      nextAttemptAt: new Date(now.getTime() + leaseSeconds * 1000),
    })
    .where(inArray(emailOutbox.id, due))
    .returning();
}

/** Emails still to be sent, or sent again after a failure (the metrics' outbox gauge). */
export async function countWaitingEmails(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(emailOutbox).where(eq(emailOutbox.status, "pending"));
  return row?.n ?? 0;
}

/** Emails the sender gave up on. */
export async function countFailedEmails(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(emailOutbox).where(eq(emailOutbox.status, "failed"));
  return row?.n ?? 0;
}

/** A failed email made pending again, due now, with its attempts counted afresh: null when it is not failed. */
export async function resendFailedEmail(db: Db, id: number, now: Date): Promise<OutboxRow | undefined> {
  const [row] = await db
    .update(emailOutbox)
    .set({ status: "pending", attempts: 0, nextAttemptAt: now })
    .where(and(eq(emailOutbox.id, id), eq(emailOutbox.status, "failed")))
    .returning();
  return row;
}

export async function findEmail(db: Db, id: number): Promise<OutboxRow | undefined> {
  const [row] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
  return row;
}

export async function markEmailSent(db: Db, id: number): Promise<void> {
  await db
    .update(emailOutbox)
    .set({ status: "sent", sentAt: sql`now()`, lastError: null })
    .where(eq(emailOutbox.id, id));
}

export async function markEmailFailed(db: Db, id: number, reason: string): Promise<void> {
  await db.update(emailOutbox).set({ status: "failed", lastError: reason }).where(eq(emailOutbox.id, id));
}

export async function retryEmailLater(db: Db, id: number, error: string, at: Date): Promise<void> {
  await db.update(emailOutbox).set({ lastError: error, nextAttemptAt: at }).where(eq(emailOutbox.id, id));
}

export const outboxPage = (db: Db, opts: OffsetPage & { status?: EmailStatus | undefined }) =>
  newestFirstPage(db, emailOutbox, opts.status ? eq(emailOutbox.status, opts.status) : undefined, opts);
