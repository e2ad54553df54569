// The SQL of conversations. Every read names the reader in its `where`: a provider through the company
// it owns, a client through the request it owns, so that no query answers a thread of someone else's.
import { and, count, desc, eq, gt, isNotNull, isNull, lt, ne, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { MessageSide } from "@/shared/conversations";
import type { NotificationKind } from "@/shared/notifications";
import type { Db } from "../../db/client";
import { joinLeadParties } from "../../db/lead-parties";
import { preparedPerDatabase } from "../../db/prepared";
import { wroteAny } from "../../db/row-count";
import { companies } from "../../db/schema/companies";
import { leadMessages } from "../../db/schema/lead-messages";
import { leads } from "../../db/schema/leads";
import { notifications } from "../../db/schema/notifications";
import { quoteRequests } from "../../db/schema/quote-requests";
import { quotes } from "../../db/schema/quotes";
import { users } from "../../db/schema/users";

const clientUser = alias(users, "client_user");
const ownerUser = alias(users, "owner_user");

const otherSide = (side: MessageSide): MessageSide => (side === "client" ? "provider" : "client");

/** The reader's own read marker, and the other side's. */
const markerOf = (side: MessageSide) => (side === "client" ? leads.clientReadUpTo : leads.providerReadUpTo);

/** The caller's company, as a subquery (a provider owns at most one: companies.user_id is unique). */
const companyOf = (db: Db, userId: number | SQLWrapper) =>
  db.select({ id: companies.id }).from(companies).where(eq(companies.userId, userId));

/** The condition that the lead in the query is the reader's: its company's, or its request's. */
function partyCondition(db: Db, side: MessageSide, userId: number): SQL {
  return side === "provider"
    ? sql`${leads.companyId} = (${companyOf(db, userId)})`
    : sql`${quoteRequests.clientId} = ${userId}`;
}

/**
 * Messages of `side` on the lead in the query above `marker`, hidden ones left out: the unread. Only in
 * a query that joins leads to another table: drizzle names a lone table's columns without the table.
 */
const unreadOf = (side: MessageSide, marker: SQLWrapper) =>
  sql<number>`(select count(*) from ${leadMessages} m
    where m.lead_id = ${leads.id} and m.side = ${side} and m.id > ${marker} and m.hidden_at is null)`.mapWith(Number);

/**
 * One thread as its reader sees it, with what deciding access and writing needs, in one statement:
 * the lead, its request, both parties, its live quote, and the reader's unread and "Seen". Undefined
 * when the lead does not exist or the reader is not its party. `lock` takes the lead's row until the
 * transaction ends, so that a thread's messages are written one after another (their ids in order).
 */
export async function findThread(
  db: Db,
  leadId: number,
  reader: { id: number; side: MessageSide },
  { lock = false }: { lock?: boolean } = {},
) {
  const other = otherSide(reader.side);
  const thread = db
    .select({
      lead: {
        id: leads.id,
        quoteRequestId: leads.quoteRequestId,
        companyId: leads.companyId,
        status: leads.status,
        withdrawnAt: leads.withdrawnAt,
        clientReadUpTo: leads.clientReadUpTo,
        providerReadUpTo: leads.providerReadUpTo,
        clientEmailedAt: leads.clientEmailedAt,
        providerEmailedAt: leads.providerEmailedAt,
      },
      request: { title: quoteRequests.title, status: quoteRequests.status },
      companyName: companies.name,
      client: {
        id: clientUser.id,
        firstName: clientUser.firstName,
        lastName: clientUser.lastName,
        email: clientUser.email,
      },
      owner: { id: ownerUser.id, firstName: ownerUser.firstName, email: ownerUser.email },
      quote: { status: quotes.status, declineReason: quotes.declineReason },
      unread: unreadOf(other, markerOf(reader.side)),
      // The newest message of the reader's side that the other side's marker has reached.
      seenUpTo: sql<number>`coalesce((select max(m.id) from ${leadMessages} m
        where m.lead_id = ${leads.id} and m.side = ${reader.side} and m.id <= ${markerOf(other)}), 0)`.mapWith(Number),
    })
    .from(leads)
    .$dynamic();
  const query = joinLeadParties(thread)
    .innerJoin(clientUser, eq(clientUser.id, quoteRequests.clientId))
    .innerJoin(ownerUser, eq(ownerUser.id, companies.userId))
    // At most one: a lead has one quote that is not withdrawn (quotes_one_live_per_lead).
    .leftJoin(quotes, and(eq(quotes.leadId, leads.id), ne(quotes.status, "withdrawn")))
    .where(and(eq(leads.id, leadId), partyCondition(db, reader.side, reader.id)))
    .limit(1);
  const [row] = await (lock ? query.for("update", { of: leads }) : query);
  return row;
}

export type ThreadRow = NonNullable<Awaited<ReturnType<typeof findThread>>>;

const messageColumns = {
  id: leadMessages.id,
  leadId: leadMessages.leadId,
  side: leadMessages.side,
  body: leadMessages.body,
  hiddenAt: leadMessages.hiddenAt,
  createdAt: leadMessages.createdAt,
};

/**
 * A page of the thread, newest first (limit + 1 rows: see toPage), older than the message `before`.
 * The lead must be the reader's: the page is read beside the thread's own check, not after it.
 */
export async function listMessages(
  db: Db,
  leadId: number,
  reader: { id: number; side: MessageSide },
  page: { before: number | null; limit: number },
) {
  const readersLead = db
    .select({ id: leads.id })
    .from(leads)
    .innerJoin(quoteRequests, eq(quoteRequests.id, leads.quoteRequestId))
    .where(and(eq(leads.id, leadId), partyCondition(db, reader.side, reader.id)));
  return db
    .select(messageColumns)
    .from(leadMessages)
    .where(
      and(
        eq(leadMessages.leadId, sql`(${readersLead})`),
        page.before === null ? undefined : lt(leadMessages.id, page.before),
      ),
    )
    .orderBy(desc(leadMessages.id))
    .limit(page.limit + 1);
}

export type MessageRow = Awaited<ReturnType<typeof listMessages>>[number];

export async function insertMessage(
  db: Db,
  values: { leadId: number; senderId: number; side: MessageSide; body: string },
): Promise<MessageRow> {
  const [row] = await db.insert(leadMessages).values(values).returning(messageColumns);
  if (!row) throw new Error("The message was not written.");
  return row;
}

/**
 * After a message: the thread's latest activity, the writer's own marker at it (their own message is
 * read), and, when an email goes out, when the recipient was emailed.
 */
export async function recordMessage(
  db: Db,
  message: Pick<MessageRow, "id" | "leadId" | "side" | "createdAt">,
  emailedAt: Date | null,
): Promise<void> {
  const ownMarker = sql`greatest(${markerOf(message.side)}, ${message.id}::int)`;
  const values =
    message.side === "client"
      ? { clientReadUpTo: ownMarker, ...(emailedAt === null ? {} : { providerEmailedAt: emailedAt }) }
      : { providerReadUpTo: ownMarker, ...(emailedAt === null ? {} : { clientEmailedAt: emailedAt }) };
  await db
    .update(leads)
    .set({ lastMessageAt: message.createdAt, ...values })
    .where(eq(leads.id, message.leadId));
}

/** The messages of `side` the other side has not read (hidden ones left out). */
export async function countUnread(db: Db, leadId: number, side: MessageSide): Promise<number> {
  // Joined, so that every column is named with its table (a lone table's are not, inside a subquery too).
  const [row] = await db
    .select({ n: count() })
    .from(leadMessages)
    .innerJoin(leads, eq(leads.id, leadMessages.leadId))
    .where(
      and(
        eq(leadMessages.leadId, leadId),
        eq(leadMessages.side, side),
        gt(leadMessages.id, markerOf(otherSide(side))),
        isNull(leadMessages.hiddenAt),
      ),
    );
  return row?.n ?? 0;
}

/**
 * Moves the reader's marker forward to `upTo` (the newest message when null), never past the newest
 * message and never back. Answers the marker as it is now, and whether it moved.
 */
export async function moveReadMarker(
  db: Db,
  leadId: number,
  side: MessageSide,
  upTo: number | null,
): Promise<{ readUpTo: number; moved: boolean }> {
  const marker = markerOf(side);
  const newest = sql`(select coalesce(max(m.id), 0) from ${leadMessages} m where m.lead_id = ${leadId})`;
  const target = upTo === null ? newest : sql`least(${upTo}::int, ${newest})`;
  const [moved] = await db
    .update(leads)
    .set(side === "client" ? { clientReadUpTo: target } : { providerReadUpTo: target })
    .where(and(eq(leads.id, leadId), sql`${marker} < ${target}`))
    .returning({ readUpTo: marker });
  if (moved) return { readUpTo: moved.readUpTo, moved: true };
  const [row] = await db.select({ readUpTo: marker }).from(leads).where(eq(leads.id, leadId));
  return { readUpTo: row?.readUpTo ?? 0, moved: false };
}

/**
 * The client's request and its threads, the best match first: one row with a null lead when the request
 * has none yet, no row when it is not the client's. A lead the provider declined is left out, messages
 * or not: the client is not told who declined (decision 128); so is one taken back from a suspended
 * provider, whose leaving the client was told of (decision 151).
 */
export async function findRequestThreads(db: Db, quoteRequestId: number, clientId: number) {
  const lastMessage = db
    .select({
      body: leadMessages.body,
      hiddenAt: leadMessages.hiddenAt,
      side: leadMessages.side,
      createdAt: leadMessages.createdAt,
    })
    .from(leadMessages)
    .where(eq(leadMessages.leadId, leads.id))
    .orderBy(desc(leadMessages.id))
    .limit(1)
    .as("last_message");
  return db
    .select({
      requestStatus: quoteRequests.status,
      lead: { id: leads.id, status: leads.status },
      companyName: companies.name,
      ownerEmail: ownerUser.email,
      quote: { status: quotes.status, declineReason: quotes.declineReason },
      unread: unreadOf("provider", leads.clientReadUpTo),
      last: {
        body: lastMessage.body,
        hiddenAt: lastMessage.hiddenAt,
        side: lastMessage.side,
        createdAt: lastMessage.createdAt,
      },
    })
    .from(quoteRequests)
    .leftJoin(
      leads,
      and(eq(leads.quoteRequestId, quoteRequests.id), ne(leads.status, "declined"), isNull(leads.withdrawnAt)),
    )
    .leftJoin(companies, eq(companies.id, leads.companyId))
    .leftJoin(ownerUser, eq(ownerUser.id, companies.userId))
    .leftJoin(quotes, and(eq(quotes.leadId, leads.id), ne(quotes.status, "withdrawn")))
    .leftJoinLateral(lastMessage, sql`true`)
    .where(and(eq(quoteRequests.id, quoteRequestId), eq(quoteRequests.clientId, clientId)))
    .orderBy(desc(leads.matchScore), leads.id);
}

// The sidebar's unread counts, read on every page: prepared once per database (decision 123). Only
// leads with messages are looked into, each through lead_messages (lead_id, id) from its marker up.
// Per lead, the count of the joined messages below.
const unreadColumns = () => ({
  leadId: leads.id,
  quoteRequestId: leads.quoteRequestId,
  unread: sql<number>`count(*)`.mapWith(Number),
});
/** The join to the messages `reader` has not read: the other side's, past the reader's marker, not hidden. */
const unreadMessagesOf = (reader: MessageSide) =>
  and(
    eq(leadMessages.leadId, leads.id),
    gt(leadMessages.id, markerOf(reader)),
    eq(leadMessages.side, otherSide(reader)),
    isNull(leadMessages.hiddenAt),
  );

const unreadForProvider = preparedPerDatabase((db) =>
  db
    .select(unreadColumns())
    .from(leads)
    .innerJoin(leadMessages, unreadMessagesOf("provider"))
    .where(and(eq(leads.companyId, sql`(${companyOf(db, sql.placeholder("userId"))})`), isNotNull(leads.lastMessageAt)))
    .groupBy(leads.id, leads.quoteRequestId)
    .orderBy(desc(leads.id))
    .prepare("conversation_unread_for_provider"),
);

const unreadForClient = preparedPerDatabase((db) =>
  db
    .select(unreadColumns())
    .from(quoteRequests)
    .innerJoin(leads, eq(leads.quoteRequestId, quoteRequests.id))
    .innerJoin(leadMessages, unreadMessagesOf("client"))
    .where(
      and(
        eq(quoteRequests.clientId, sql.placeholder("userId")),
        isNotNull(leads.lastMessageAt),
        ne(leads.status, "declined"),
        isNull(leads.withdrawnAt),
      ),
    )
    .groupBy(leads.id, leads.quoteRequestId)
    .orderBy(desc(leads.id))
    .prepare("conversation_unread_for_client"),
);

/** The reader's threads with unread messages, the newest lead first. */
export async function listUnread(db: Db, userId: number, side: MessageSide) {
  const statement = side === "provider" ? unreadForProvider(db) : unreadForClient(db);
  return statement.execute({ userId });
}

type BellEntries = { userId: number; kind: NotificationKind; link: string };
/** The user's bell entries of a kind about one page. */
const entriesAbout = ({ userId, kind, link }: BellEntries) => [
  eq(notifications.userId, userId),
  eq(notifications.kind, kind),
  eq(notifications.link, link),
];

/** Replaces the text of the user's bell entries about a thread that quote `body`. */
export async function replaceNotificationBody(
  db: Db,
  input: BellEntries & { body: string; replacement: string },
): Promise<void> {
  await db
    .update(notifications)
    .set({ body: input.replacement })
    .where(and(...entriesAbout(input), eq(notifications.body, input.body)));
}

/**
 * Folds a new message into the recipient's unread bell entry about the same thread, if there is one:
 * its title and text become the newest, and it moves to the top. Answers whether one was found.
 */
export async function refreshUnreadNotification(
  db: Db,
  input: BellEntries & { title: string; body: string },
): Promise<boolean> {
  return wroteAny(
    db
      .update(notifications)
      .set({ title: input.title, body: input.body, createdAt: sql`now()` })
      .where(
        eq(
          notifications.id,
          sql`(${db
            .select({ id: sql`max(${notifications.id})` })
            .from(notifications)
            .where(and(...entriesAbout(input), isNull(notifications.readAt)))})`,
        ),
      )
      .returning({ id: notifications.id }),
  );
}

/** Reads the user's unread bell entries of a kind about one page; answers whether there were any. */
export async function readNotificationsAbout(db: Db, input: BellEntries): Promise<boolean> {
  return wroteAny(
    db
      .update(notifications)
      .set({ readAt: sql`now()` })
      .where(and(...entriesAbout(input), isNull(notifications.readAt)))
      .returning({ id: notifications.id }),
  );
}
