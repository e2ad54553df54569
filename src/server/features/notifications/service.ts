// Writes what a user is told: an in-app notification and, where given and wanted, an email in the
// outbox. Called inside the caller's transaction, so the message exists exactly when the change it
// reports does. The notification centre's reads and the users' email choices live here too; the mail
// itself is sent by the background sender (mail.ts).
import {
  NOTIFICATION_KIND_INFO,
  NOTIFICATION_LIST_LIMIT,
  type Notification,
  type NotificationKind,
  type NotificationList,
  type NotificationPreferences,
  notificationKindsFor,
  OUTBOX_PAGE_SIZE,
  type OutboxEmail,
  type OutboxPage,
  type OutboxQuery,
  type UpdateNotificationPreferencesInput,
} from "@/shared/notifications";
import type { PageQuery } from "@/shared/paging";
import { pick } from "@/shared/pick";
import type { UserType } from "@/shared/users";
import type { Clock } from "../../clock";
import { MAILBOX_PATH, type MailConfig } from "../../config";
import type { Db } from "../../db/client";
import { emailOutbox, type OutboxRow } from "../../db/schema/email-outbox";
import { type NotificationRow, notifications } from "../../db/schema/notifications";
import { NotFoundError } from "../../errors";
import { idCursor, toPage } from "../../http/paging";
import { JOB_NAMES, type JobQueue } from "../../jobs/queue";
import { publishLiveEvent } from "../../live/publish";
import * as q from "./queries";
import { subjectLine } from "./subject";

export type OutgoingEmail = { to: string; subject: string; text: string; html: string };

export type NotifyInput = {
  userId: number;
  /** The event, e.g. "provider.approved": the user's email choice is looked up by it. */
  kind: NotificationKind;
  title: string;
  body: string;
  /** A path inside the app. */
  link?: string | null;
  email?: OutgoingEmail;
};

/** What telling a user needs besides the transaction: the queue that sends the email, and the clock. */
export type NotifyDeps = { jobs: JobQueue; now: Clock };

/**
 * The in-app notification is always written; the email only when the user has not turned email off
 * for this kind (decision 060). An email written here asks for the outbox sender in the same
 * transaction (decision 082): it runs after the commit, and not at all if the transaction rolls back.
 */
export async function notifyUser(tx: Db, deps: NotifyDeps, input: NotifyInput): Promise<void> {
  await tx.insert(notifications).values({
    userId: input.userId,
    kind: input.kind,
    title: input.title,
    body: input.body,
    link: input.link ?? null,
  });
  // The bell of every open tab of the user's updates at the commit (issue 16).
  await publishLiveEvent(tx, [input.userId], { type: "notification" });
  if (input.email && (await q.emailWanted(tx, input.userId, input.kind))) {
    await queueEmail(tx, deps, { userId: input.userId, kind: input.kind, email: input.email });
  }
}

/**
 * An email into the outbox, and the sender asked for it, in the caller's transaction. Notifications
 * come through notifyUser; an account's own emails (a reset link, a verification link: kinds that start
 * with `account.`) come here directly, whatever the email choices, since they are the account's keys.
 */
export async function queueEmail(
  tx: Db,
  deps: NotifyDeps,
  input: { userId: number | null; kind: string; email: OutgoingEmail },
): Promise<void> {
  await tx.insert(emailOutbox).values({
    userId: input.userId,
    toAddress: input.email.to,
    subject: subjectLine(input.email.subject),
    textBody: input.email.text,
    htmlBody: input.email.html,
    kind: input.kind,
    nextAttemptAt: deps.now(),
  });
  await deps.jobs.send(JOB_NAMES.sendEmails, { reason: input.kind }, { tx });
}

/** An account email's link is a key to the account: admins reading the outbox see that it was sent, not the key. */
export function hideAccountLinks(kind: string, text: string): string {
  if (!kind.startsWith("account.")) return text;
  return text.replace(/https?:\/\/\S*token=\S+/g, "[link hidden: only the account's owner may open it]");
}

/** The user's email choice for a kind: on unless turned off (decision 060), as notifyUser reads it. */
export const emailWanted = q.emailWanted;

/** What a feature that tells users needs: its database, the app's address for email links, the queue and the clock. */
export type MessagingDeps = NotifyDeps & { db: Db; appUrl: string };

function toNotification(row: NotificationRow): Notification {
  return {
    ...pick(row, ["id", "kind", "title", "body", "link"]),
    readAt: row.readAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The bell: the user's latest notifications and how many of all of theirs are unread. */
/** A page of the user's notifications, newest first, with the count of all unread (decision 104). */
export async function listNotifications(db: Db, userId: number, query: PageQuery = {}): Promise<NotificationList> {
  const limit = query.limit ?? NOTIFICATION_LIST_LIMIT;
  const [rows, unreadCount] = await Promise.all([
    q.latestNotifications(db, userId, { after: idCursor(query.cursor), limit }),
    q.countUnread(db, userId),
  ]);
  const page = toPage(rows, limit, toNotification, (row) => row.id);
  return { notifications: page.items, unreadCount, nextCursor: page.nextCursor };
}

/** Another user's notification answers 404, as one that does not exist. */
export async function markNotificationRead(db: Db, userId: number, id: number): Promise<Notification> {
  const row = await q.markRead(db, userId, id);
  if (!row) throw new NotFoundError("This notification does not exist.");
  return toNotification(row);
}

export async function markAllNotificationsRead(
  db: Db,
  userId: number,
): Promise<{ updated: number; unreadCount: number }> {
  const updated = await q.markAllRead(db, userId);
  return { updated, unreadCount: await q.countUnread(db, userId) };
}

/** The kinds the user's role receives, each with its email choice (on unless turned off). */
export async function getNotificationPreferences(
  db: Db,
  user: { id: number; userType: UserType },
): Promise<NotificationPreferences> {
  const choices = await q.emailChoices(db, user.id);
  return {
    preferences: notificationKindsFor(user.userType).map((kind) => ({
      kind,
      label: NOTIFICATION_KIND_INFO[kind].label,
      description: NOTIFICATION_KIND_INFO[kind].description,
      email: choices.get(kind) ?? true,
    })),
  };
}

/** Any known kind may be set (a role can change); the answer lists the role's kinds. */
export async function updateNotificationPreferences(
  db: Db,
  user: { id: number; userType: UserType },
  input: UpdateNotificationPreferencesInput,
): Promise<NotificationPreferences> {
  await q.saveEmailChoices(db, user.id, input.preferences);
  return getNotificationPreferences(db, user);
}

const iso = (d: Date | null) => d?.toISOString() ?? null;

/** An outbox row as the admin reads it: account links hidden (decision 113). */
export function outboxEmailOf(r: OutboxRow): OutboxEmail {
  return {
    id: r.id,
    kind: r.kind,
    toAddress: r.toAddress,
    subject: r.subject,
    textBody: hideAccountLinks(r.kind, r.textBody),
    status: r.status,
    attempts: r.attempts,
    lastError: r.lastError,
    nextAttemptAt: r.status === "pending" ? iso(r.nextAttemptAt) : null,
    createdAt: r.createdAt.toISOString(),
    sentAt: iso(r.sentAt),
  };
}

/** The admin's read of the outbox, newest first. */
export async function listOutbox(db: Db, query: OutboxQuery, mail: MailConfig): Promise<OutboxPage> {
  const { rows, total } = await q.outboxPage(db, {
    status: query.status,
    limit: OUTBOX_PAGE_SIZE,
    offset: (query.page - 1) * OUTBOX_PAGE_SIZE,
  });
  return {
    emails: rows.map(outboxEmailOf),
    page: query.page,
    pageSize: OUTBOX_PAGE_SIZE,
    total,
    smtpConfigured: mail.delivery === "smtp",
    localMailbox: mail.delivery === "mailbox" ? MAILBOX_PATH : null,
  };
}
