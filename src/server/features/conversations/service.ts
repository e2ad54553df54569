// Conversations (issue 16, decisions 128 and 129): one thread per lead between the request's client and
// the lead's provider company. Reading, writing, what each side is told, and the live events; who may
// read and write is in access.ts.
import type { z } from "zod";
import { isDeletedAccountEmail } from "@/shared/account";
import {
  type Conversation,
  MESSAGE_EMAIL_WINDOW_MINUTES,
  MESSAGE_PAGE_SIZE,
  type Message,
  type MessagePage,
  type MessagePageQuery,
  type MessageSide,
  type markReadResultSchema,
  type RequestThreads,
  type SendMessageInput,
  type UnreadSummary,
} from "@/shared/conversations";
import type { StoredFile } from "@/shared/files";
import type { NotificationKind } from "@/shared/notifications";
import { leadPath, quoteRequestPath } from "@/shared/paths";
import type { Db } from "../../db/client";
import type { UserRow } from "../../db/schema/users";
import { ConflictError, NotFoundError } from "../../errors";
import { idCursor, toPage } from "../../http/paging";
import { hitRateLimit, type RateLimit } from "../../http/rate-limit";
import { publishLiveEvent } from "../../live/publish";
import { requireAccess } from "../companies/access";
import { refreshAfterProviderMessage } from "../companies/stats";
import { attachUploads, filesFor } from "../files/service";
import { composeNotification, type Paragraph } from "../notifications/compose";
import { emailWanted, type MessagingDeps, notifyUser, queueEmail } from "../notifications/service";
import { emitWebhook } from "../webhooks/events";
import { leadRefData } from "../webhooks/payloads";
import {
  CONVERSATION_NOT_FOUND,
  closedReason,
  factsOf,
  loadThread,
  readerOf,
  type ThreadFacts,
  visibleTo,
} from "./access";
import * as q from "./queries";

// The tests and the routes' callers read the not-found answer here, beside the service that gives it.
export { CONVERSATION_NOT_FOUND };

const REQUEST_NOT_FOUND = "Quote request not found.";
const MESSAGE_KIND: NotificationKind = "message.received";
/** The bell's text of a message: its start, on one line. */
const EXCERPT_LENGTH = 160;

type MarkReadResult = z.infer<typeof markReadResultSchema>;

const otherSide = (side: MessageSide): MessageSide => (side === "client" ? "provider" : "client");

/** How the client appears to the provider: first name and last initial. */
function clientName(client: { firstName: string; lastName: string }): string {
  const initial = client.lastName.trim().charAt(0);
  return initial ? `${client.firstName} ${initial.toUpperCase()}.` : client.firstName;
}

// ---------------------------------------------------------------------------------------------
// Reading
// ---------------------------------------------------------------------------------------------

function namesOf(row: q.ThreadRow): Record<MessageSide, string> {
  return { client: clientName(row.client), provider: row.companyName };
}

function toMessage(
  row: q.MessageRow,
  reader: MessageSide,
  names: Record<MessageSide, string>,
  files: StoredFile[] = [],
): Message {
  const hidden = row.hiddenAt !== null;
  return {
    id: row.id,
    leadId: row.leadId,
    side: row.side,
    mine: row.side === reader,
    authorName: names[row.side],
    body: hidden ? null : row.body,
    hidden,
    createdAt: row.createdAt.toISOString(),
    files: hidden ? [] : files,
  };
}

export async function getConversation(db: Db, user: UserRow, leadId: number): Promise<Conversation> {
  const { reader, row } = await loadThread(db, user, leadId);
  const reason = closedReason(factsOf(row, reader.side), reader.side);
  return {
    leadId: row.lead.id,
    quoteRequestId: row.lead.quoteRequestId,
    title: row.request.title,
    counterpartName: namesOf(row)[otherSide(reader.side)],
    side: reader.side,
    canWrite: reason === null,
    closedReason: reason,
    unread: row.unread,
    seenUpTo: row.seenUpTo,
  };
}

/** A page of the thread, newest first; `nextCursor` names the older page (decision 104). */
export async function listThreadMessages(
  db: Db,
  user: UserRow,
  leadId: number,
  query: MessagePageQuery = {},
): Promise<MessagePage> {
  const reader = readerOf(user);
  const limit = query.limit ?? MESSAGE_PAGE_SIZE;
  const before = idCursor(query.cursor);
  // At once: the page names the reader in its own `where`, and is dropped when the checks refuse.
  const [, row, rows] = await Promise.all([
    reader.side === "provider" ? requireAccess(db, user) : null,
    q.findThread(db, leadId, reader),
    q.listMessages(db, leadId, reader, { before, limit }),
  ]);
  if (!row || !visibleTo(row, reader.side)) throw new NotFoundError(CONVERSATION_NOT_FOUND);
  const names = namesOf(row);
  const files = await filesFor(
    db,
    "messageId",
    rows.map((m) => m.id),
  );
  const page = toPage(
    rows,
    limit,
    (m) => toMessage(m, reader.side, names, files.get(m.id)),
    (m) => m.id,
  );
  return { messages: page.items, nextCursor: page.nextCursor };
}

/** The reader's threads with unread messages, and their total: the sidebar's and dashboards' badge. */
export async function getUnreadSummary(db: Db, user: UserRow): Promise<UnreadSummary> {
  const reader = readerOf(user);
  const threads = await q.listUnread(db, reader.id, reader.side);
  return { total: threads.reduce((sum, t) => sum + t.unread, 0), threads };
}

/** The client's threads on one of their requests, one per matched provider, the best match first. */
export async function listRequestThreads(db: Db, client: UserRow, quoteRequestId: number): Promise<RequestThreads> {
  const rows = await q.findRequestThreads(db, quoteRequestId, client.id);
  if (rows.length === 0) throw new NotFoundError(REQUEST_NOT_FOUND);
  const threads: RequestThreads["threads"] = [];
  for (const r of rows) {
    if (r.lead === null || r.companyName === null) continue;
    const facts: ThreadFacts = {
      leadStatus: r.lead.status,
      requestStatus: r.requestStatus,
      quote: r.quote,
      counterpartGone: r.ownerEmail !== null && isDeletedAccountEmail(r.ownerEmail),
    };
    threads.push({
      leadId: r.lead.id,
      companyName: r.companyName,
      unread: r.unread,
      canWrite: closedReason(facts, "client") === null,
      lastMessage:
        r.last === null || r.last.side === null || r.last.createdAt === null
          ? null
          : {
              body: r.last.hiddenAt === null ? r.last.body : null,
              side: r.last.side,
              createdAt: r.last.createdAt.toISOString(),
            },
    });
  }
  return { threads };
}

// ---------------------------------------------------------------------------------------------
// Writing
// ---------------------------------------------------------------------------------------------

const EMAIL_WINDOW_MS = MESSAGE_EMAIL_WINDOW_MINUTES * 60 * 1000;

/** Far above a person typing, low enough that nobody floods another's bell (decision 129). */
export const MESSAGE_RATE_LIMIT: RateLimit = {
  name: "conversation-message",
  max: 40,
  windowMs: 10 * 60 * 1000,
  message: "You are sending messages very quickly. Wait a few minutes, then send again.",
};

/** The bell's one-line start of a message. */
function excerpt(text: string): string {
  const line = text.replace(/\s+/g, " ").trim();
  return line.length <= EXCERPT_LENGTH ? line : `${line.slice(0, EXCERPT_LENGTH - 1).trimEnd()}…`;
}

/** Where the recipient reads the thread: the provider's lead page, the client's request page at the thread. */
export function conversationLink(side: MessageSide, leadId: number, quoteRequestId: number): string {
  return side === "provider" ? leadPath(leadId) : `${quoteRequestPath(quoteRequestId)}#conversation-${leadId}`;
}

/** What the bell says of a message an administrator removed. */
export const REMOVED_MESSAGE_NOTE = "A message was removed by an administrator.";

/**
 * An administrator hid a message: the recipient's bell entry that quotes it no longer does (the
 * entry is kept, its text replaced). Emails already sent cannot be taken back.
 */
export async function scrubHiddenMessageFromBell(
  tx: Db,
  message: { side: MessageSide; body: string; leadId: number },
  parties: { clientId: number; providerUserId: number; quoteRequestId: number },
): Promise<void> {
  const to = otherSide(message.side);
  await q.replaceNotificationBody(tx, {
    userId: to === "provider" ? parties.providerUserId : parties.clientId,
    kind: MESSAGE_KIND,
    link: conversationLink(to, message.leadId, parties.quoteRequestId),
    body: excerpt(message.body),
    replacement: REMOVED_MESSAGE_NOTE,
  });
}

/**
 * Tells the other party (decision 129): the bell always, folded into their unread entry about this
 * thread when there is one; the email only when `emailDue` (once per thread in the window) and wanted.
 */
async function tellRecipient(
  tx: Db,
  deps: MessagingDeps,
  row: q.ThreadRow,
  message: q.MessageRow,
  emailDue: boolean,
): Promise<void> {
  const to = otherSide(message.side);
  const recipient =
    to === "provider" ? row.owner : { id: row.client.id, email: row.client.email, firstName: row.client.firstName };
  const sender = namesOf(row)[message.side];
  const unread = await q.countUnread(tx, row.lead.id, message.side);
  const title = unread > 1 ? `${unread} new messages from ${sender}` : `New message from ${sender}`;
  const link = conversationLink(to, row.lead.id, row.lead.quoteRequestId);
  const paragraphs: Paragraph[] = [
    [{ strong: sender }, ` wrote about "${row.request.title}":`],
    ...message.body.split(/\n\s*\n/).map((p) => p.trim()),
  ];
  const { email, ...inApp } = composeNotification(deps.appUrl, {
    to: recipient,
    kind: MESSAGE_KIND,
    title,
    body: excerpt(message.body),
    link,
    email: { subject: `New message from ${sender}`, action: "Read and reply", paragraphs },
  });
  const folded = await q.refreshUnreadNotification(tx, { ...inApp, link, kind: MESSAGE_KIND });
  if (!folded) {
    await notifyUser(tx, deps, emailDue ? { ...inApp, email } : inApp);
    return;
  }
  await publishLiveEvent(tx, [recipient.id], { type: "notification" });
  if (emailDue && email && (await emailWanted(tx, recipient.id, MESSAGE_KIND))) {
    await queueEmail(tx, deps, { userId: recipient.id, kind: MESSAGE_KIND, email });
  }
}

/**
 * Writes a message: the message, the thread's latest activity and the writer's own read marker, the
 * other party's notification (and email, at most once per thread in the window), and the live event to
 * both parties, in one transaction. A thread closed to the writer answers 409 with the reason.
 */
export async function sendMessage(
  deps: MessagingDeps,
  user: UserRow,
  leadId: number,
  input: SendMessageInput,
): Promise<Message> {
  return deps.db.transaction(async (tx) => {
    // The lead's row stays locked to the commit: a thread's messages are written one after another,
    // so that their ids are in the order they become visible (read markers rely on it).
    const { reader, row } = await loadThread(tx, user, leadId, { lock: true });
    const reason = closedReason(factsOf(row, reader.side), reader.side);
    if (reason !== null) throw new ConflictError(reason);
    const now = deps.now();
    // Counted only for a message that is written: a refusal rolls its count back with the rest.
    await hitRateLimit(tx, MESSAGE_RATE_LIMIT, `user:${user.id}`, now);
    const message = await q.insertMessage(tx, { leadId, senderId: user.id, side: reader.side, body: input.body });
    await attachUploads(tx, user.id, input.fileIds, { messageId: message.id }, now);
    const lastEmailed = reader.side === "client" ? row.lead.providerEmailedAt : row.lead.clientEmailedAt;
    const emailDue = lastEmailed === null || now.getTime() - lastEmailed.getTime() >= EMAIL_WINDOW_MS;
    await q.recordMessage(tx, message, emailDue ? now : null);
    // The provider's first answer in the thread can move its profile's response time (issue 17).
    if (reader.side === "provider") await refreshAfterProviderMessage(tx, row.lead.companyId, message);
    await tellRecipient(tx, deps, row, message, emailDue);
    if (reader.side === "client") {
      await emitWebhook(tx, deps, "message.received", row.lead.companyId, async () => ({
        ...(await leadRefData(tx, deps.appUrl, leadId)),
        message: { id: message.id, body: message.body, sentAt: message.createdAt.toISOString() },
      }));
    }
    // Both parties: the recipient's tabs, and the writer's other tabs.
    await publishLiveEvent(tx, [row.client.id, row.owner.id], {
      type: "message",
      leadId,
      quoteRequestId: row.lead.quoteRequestId,
    });
    const files = await filesFor(tx, "messageId", [message.id]);
    return toMessage(message, reader.side, namesOf(row), files.get(message.id));
  });
}

/**
 * Marks the thread read up to a message (the newest when left out): the reader's marker only moves
 * forward, never past the newest message. Both parties hear of a move (the writer's "Seen"). A thread
 * read to its end also reads the reader's bell entry about it.
 */
export async function markConversationRead(
  db: Db,
  user: UserRow,
  leadId: number,
  upTo: number | undefined,
): Promise<MarkReadResult> {
  const { reader, row } = await loadThread(db, user, leadId);
  return db.transaction(async (tx) => {
    const { readUpTo, moved } = await q.moveReadMarker(tx, leadId, reader.side, upTo ?? null);
    if (moved) {
      await publishLiveEvent(tx, [row.client.id, row.owner.id], {
        type: "read",
        leadId,
        quoteRequestId: row.lead.quoteRequestId,
      });
    }
    const unread = await q.countUnread(tx, leadId, otherSide(reader.side));
    if (unread === 0) {
      const link = conversationLink(reader.side, leadId, row.lead.quoteRequestId);
      if (await q.readNotificationsAbout(tx, { userId: reader.id, kind: MESSAGE_KIND, link })) {
        await publishLiveEvent(tx, [reader.id], { type: "notification" });
      }
    }
    return { readUpTo, unread };
  });
}
