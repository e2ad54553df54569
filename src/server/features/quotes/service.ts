// Quotes: the provider sends, edits and withdraws; the client accepts or declines (decisions 070-073).
// Every change takes the request's row lock first (queries.lockRequest), so that changes to one request's
// quotes happen one after another: two accepts racing end with exactly one hire.

import { sql } from "drizzle-orm";
import type { PageQuery } from "@/shared/paging";
import {
  type ClientQuote,
  firstYearTotalCents,
  type LeadQuote,
  LINE_ITEM_BILLING,
  lastMonths,
  type ProviderAnalytics,
  type Quote,
  type QuoteInput,
  toStoredLineItems,
  winRatePercent,
} from "@/shared/quotes";
import type { Clock } from "../../clock";
import type { Db } from "../../db/client";
import type { QuoteRow } from "../../db/schema/quotes";
import type { UserRow } from "../../db/schema/users";
import { ConflictError, NotFoundError } from "../../errors";
import { idCursor, pageLimit, toPage } from "../../http/paging";
import { publishLiveEvent } from "../../live/publish";
import { requireAccess } from "../companies/access";
import { findCompanyForUser } from "../companies/queries";
import { refreshProviderStats } from "../companies/stats";
import { attachUploads, countAttached, filesFor } from "../files/service";
import { type MessagingDeps, notifyUser } from "../notifications/service";
import { emitWebhook } from "../webhooks/events";
import { quoteAcceptedData, quoteDeclinedData } from "../webhooks/payloads";
import { closeRequestQuotes } from "./closing";
import { quoteAcceptedMessage, quoteDeclinedMessage, quoteReceivedMessage, reviewInvitedMessage } from "./messages";
import { countPipelineStages, EMPTY_STAGES } from "./pipeline";
import * as q from "./queries";

const LEAD_NOT_FOUND = "No lead of yours has this id.";
const QUOTE_NOT_FOUND = "No quote of yours has this id.";
const REQUEST_NOT_FOUND = "Quote request not found.";
const TAKES_QUOTES = new Set(["open", "matched"]);

export function toQuote(row: QuoteRow): Quote {
  return {
    id: row.id,
    leadId: row.leadId,
    quoteRequestId: row.quoteRequestId,
    status: row.status,
    amountCents: row.amountCents,
    timeline: row.timeline,
    message: row.message,
    lineItems: row.lineItems.map((i) => ({ ...i, billing: LINE_ITEM_BILLING[i.kind] })),
    totalFirstYearCents: firstYearTotalCents(row.amountCents, row.lineItems),
    declineReason: row.declineReason ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
  };
}

const toValues = (input: QuoteInput): q.QuoteValues => ({
  amountCents: input.amount * 100,
  timeline: input.timeline,
  message: input.message,
  lineItems: toStoredLineItems(input.lineItems),
});

function requestNotTakingQuotes(status: string): ConflictError {
  return new ConflictError(
    status === "cancelled"
      ? "The client cancelled this request: its quotes can no longer change."
      : "This request is closed: the client has hired a provider, so its quotes can no longer change.",
  );
}

function notPending(quote: Pick<QuoteRow, "status">, action: string): ConflictError {
  return new ConflictError(`This quote is ${quote.status}: only a pending quote can be ${action}.`);
}

// ---------------------------------------------------------------------------------------------
// The provider
// ---------------------------------------------------------------------------------------------

/** The lead's live quote, and whether the provider may send one now. */
export async function getLeadQuote(db: Db, user: UserRow, leadId: number): Promise<LeadQuote> {
  const companyId = await requireAccess(db, user);
  const lead = await q.findCompanyLead(db, leadId, companyId);
  if (!lead) throw new NotFoundError(LEAD_NOT_FOUND);
  const quote = await q.findLiveQuoteForLead(db, lead.id);
  return {
    quote: quote ? ((await withFiles(db, [toQuote(quote)]))[0] ?? null) : null,
    canQuote: !quote && lead.status !== "closed" && lead.status !== "declined",
  };
}

/** Sends the lead's quote: the lead becomes quoted, the client is told (and may now be contacted). */
export async function sendQuote(deps: MessagingDeps, user: UserRow, leadId: number, input: QuoteInput): Promise<Quote> {
  const { db, appUrl } = deps;
  const companyId = await requireAccess(db, user);
  return db.transaction(async (tx) => {
    const lead = await q.findCompanyLead(tx, leadId, companyId);
    if (!lead) throw new NotFoundError(LEAD_NOT_FOUND);
    const request = await q.lockRequest(tx, lead.quoteRequestId);
    if (!request) throw new NotFoundError(LEAD_NOT_FOUND);
    if (!TAKES_QUOTES.has(request.status)) throw requestNotTakingQuotes(request.status);
    // Read under the request's lock, which declining takes too (decision 132).
    if ((await q.findCompanyLead(tx, lead.id, companyId))?.status === "declined") {
      throw new ConflictError("You declined this lead: it can no longer be quoted.");
    }
    const existing = await q.findLiveQuoteForLead(tx, lead.id);
    if (existing) {
      throw new ConflictError(
        `You already sent a quote for this lead (${existing.status}). Edit or withdraw it instead of sending another.`,
      );
    }
    const quote = await q.insertQuote(tx, lead, toValues(input));
    if (!quote) throw new ConflictError("You already sent a quote for this lead. Edit or withdraw it instead.");
    await attachUploads(tx, user.id, input.fileIds, { quoteId: quote.id }, deps.now());
    await q.setLeadStatus(tx, { leadIds: [lead.id] }, "quoted");
    await refreshProviderStats(tx, companyId);
    await notifyUser(tx, deps, quoteReceivedMessage(appUrl, await q.findQuoteParties(tx, quote), quote));
    await publishQuoteEvent(tx, request.clientId, quote);
    return (await withFiles(tx, [toQuote(quote)]))[0] as Quote;
  });
}

/** Quotes with their documents (decision 176), in one read. */
async function withFiles<T extends Quote>(db: Db, list: T[]): Promise<T[]> {
  const files = await filesFor(
    db,
    "quoteId",
    list.map((x) => x.id),
  );
  return list.map((x) => ({ ...x, files: files.get(x.id) ?? [] }));
}

/**
 * The live event of a quote's change (issue 16, decision 129), heard at the commit: the client's tabs
 * (or the provider's) refetch the quotes they show. The notification, where there is one, has its own.
 */
async function publishQuoteEvent(tx: Db, userId: number, quote: Pick<QuoteRow, "leadId" | "quoteRequestId">) {
  await publishLiveEvent(tx, [userId], { type: "quote", leadId: quote.leadId, quoteRequestId: quote.quoteRequestId });
}

/** Locks the request of one of the company's quotes and checks that it still takes changes. */
async function lockOwnPendingQuote(tx: Db, companyId: number, quoteId: number, action: string) {
  const quote = await q.findCompanyQuote(tx, quoteId, companyId);
  if (!quote) throw new NotFoundError(QUOTE_NOT_FOUND);
  const request = await q.lockRequest(tx, quote.quoteRequestId);
  if (!request) throw new NotFoundError(QUOTE_NOT_FOUND);
  if (!TAKES_QUOTES.has(request.status)) throw requestNotTakingQuotes(request.status);
  const current = await q.findCompanyQuote(tx, quoteId, companyId);
  if (current?.status !== "submitted") throw notPending(current ?? quote, action);
  return { current, clientId: request.clientId };
}

export async function updateQuote(
  deps: { db: Db; now: () => Date },
  user: UserRow,
  quoteId: number,
  input: QuoteInput,
): Promise<Quote> {
  const companyId = await requireAccess(deps.db, user);
  return deps.db.transaction(async (tx) => {
    const { current, clientId } = await lockOwnPendingQuote(tx, companyId, quoteId, "edited");
    const row = await q.updatePendingQuote(tx, quoteId, companyId, toValues(input));
    if (!row) throw notPending(current, "edited");
    // Files sent with the quote stay; an edit may add more, up to the limit.
    await attachUploads(
      tx,
      user.id,
      input.fileIds,
      { quoteId },
      deps.now(),
      await countAttached(tx, "quoteId", quoteId),
    );
    await publishQuoteEvent(tx, clientId, row);
    return (await withFiles(tx, [toQuote(row)]))[0] as Quote;
  });
}

/** Takes a pending quote back; the lead returns to viewed, and a new quote may be sent (decision 071). */
export async function withdrawQuote(db: Db, user: UserRow, quoteId: number): Promise<Quote> {
  const companyId = await requireAccess(db, user);
  return db.transaction(async (tx) => {
    const { current, clientId } = await lockOwnPendingQuote(tx, companyId, quoteId, "withdrawn");
    const [row] = await q.decidePendingQuotes(tx, { quoteId }, { status: "withdrawn" });
    if (!row) throw notPending(current, "withdrawn");
    await q.setLeadStatus(tx, { leadIds: [row.leadId], fromStatus: "quoted" }, "viewed");
    await refreshProviderStats(tx, companyId);
    await publishQuoteEvent(tx, clientId, row);
    return toQuote(row);
  });
}

/** A page of the provider's quotes, newest first (decision 104). */
export async function listMyQuotes(db: Db, user: UserRow, query: PageQuery = {}) {
  const limit = pageLimit(query.limit);
  const rows = await q.listProviderQuotes(db, user.id, { after: idCursor(query.cursor), limit });
  return toPage(
    rows,
    limit,
    (r) => ({ ...toQuote(r.quote), title: r.title }),
    (r) => r.quote.id,
  );
}

// ---------------------------------------------------------------------------------------------
// The client
// ---------------------------------------------------------------------------------------------

/** The quotes of the client's own request, side by side; anyone else's request answers 404. */
export async function listRequestQuotes(db: Db, client: UserRow, quoteRequestId: number): Promise<ClientQuote[]> {
  const request = await q.findClientRequest(db, quoteRequestId, client.id);
  if (!request) throw new NotFoundError(REQUEST_NOT_FOUND);
  const rows = await q.listQuotesOfRequest(db, quoteRequestId);
  const quotes = rows.map((r) => ({
    ...toQuote(r.quote),
    matchScore: r.matchScore,
    provider: {
      ...r.provider,
      rating: { average: r.reviews.average === null ? null : Number(r.reviews.average), count: r.reviews.count },
      outcomes: { met: r.reviews.met, partly: r.reviews.partly, notMet: r.reviews.notMet },
    },
  }));
  return withFiles(db, quotes);
}

/** Locks the client's request behind a quote and checks that it still takes decisions. */
async function lockClientQuote(tx: Db, client: UserRow, quoteId: number) {
  const quote = await q.findClientQuote(tx, quoteId, client.id);
  if (!quote) throw new NotFoundError("No quote on your requests has this id.");
  const request = await q.lockRequest(tx, quote.quoteRequestId);
  if (!request || request.clientId !== client.id) throw new NotFoundError("No quote on your requests has this id.");
  if (!TAKES_QUOTES.has(request.status)) throw requestNotTakingQuotes(request.status);
  return quote;
}

/**
 * Hires the provider: this quote accepted, every other pending one declined, the request closed with all
 * its leads, every provider told. Under the request's lock, a second accept finds the request closed: 409.
 */
export async function acceptQuote(deps: MessagingDeps, client: UserRow, quoteId: number): Promise<Quote> {
  const { db, appUrl } = deps;
  return db.transaction(async (tx) => {
    const quote = await lockClientQuote(tx, client, quoteId);
    const [accepted] = await q.decidePendingQuotes(tx, { quoteId }, { status: "accepted" });
    if (!accepted) throw notPending(quote, "accepted");
    await q.setRequestStatus(tx, accepted.quoteRequestId, "closed");
    const others = await closeRequestQuotes(tx, deps, accepted.quoteRequestId, "other-accepted", accepted.id);
    // The leads before the company's figures, in the order every other writer takes them (a quote, a
    // withdrawal, a provider's first reply): the other order deadlocked under load (decision 165).
    await refreshProviderStats(tx, accepted.companyId);
    const parties = await q.findQuoteParties(tx, accepted);
    await notifyUser(tx, deps, quoteAcceptedMessage(appUrl, parties, accepted));
    await emitWebhook(tx, deps, "quote.accepted", accepted.companyId, () => quoteAcceptedData(tx, appUrl, accepted));
    // The client is invited to review the hire once the work is done (issue 17, decision 141).
    await notifyUser(tx, deps, reviewInvitedMessage(appUrl, parties, accepted));
    await publishQuoteEvent(tx, parties.provider.owner.id, accepted);
    // The providers whose quotes this hire declined hear of theirs too.
    for (const other of others)
      await publishQuoteEvent(tx, (await q.findQuoteParties(tx, other)).provider.owner.id, other);
    return toQuote(accepted);
  });
}

/** Declines one pending quote; its lead closes, the provider is told. The request stays open for others. */
export async function declineQuote(deps: MessagingDeps, client: UserRow, quoteId: number): Promise<Quote> {
  const { db, appUrl } = deps;
  return db.transaction(async (tx) => {
    const quote = await lockClientQuote(tx, client, quoteId);
    const [declined] = await q.decidePendingQuotes(
      tx,
      { quoteId },
      { status: "declined", declineReason: "client-declined" },
    );
    if (!declined) throw notPending(quote, "declined");
    await q.setLeadStatus(tx, { leadIds: [declined.leadId] }, "closed");
    const parties = await q.findQuoteParties(tx, declined);
    await notifyUser(tx, deps, quoteDeclinedMessage(appUrl, parties, declined, "client-declined"));
    await emitWebhook(tx, deps, "quote.declined", declined.companyId, () => quoteDeclinedData(tx, appUrl, declined));
    await publishQuoteEvent(tx, parties.provider.owner.id, declined);
    return toQuote(declined);
  });
}

// ---------------------------------------------------------------------------------------------
// Analytics
// ---------------------------------------------------------------------------------------------

/** The provider's own pipeline and win rate by month (decision 072) on the app's clock; zeros before a company exists. */
export async function providerAnalytics(
  { db, now }: { db: Db; now: Clock },
  user: UserRow,
): Promise<ProviderAnalytics> {
  const months = lastMonths(now());
  const company = await findCompanyForUser(db, user.id);
  const [counts, stages] = company
    ? await Promise.all([q.countPipeline(db, company.id), countPipelineStages(db, sql`l.company_id = ${company.id}`)])
    : [{ leads: 0, viewed: 0, fresh: 0, quoted: 0, sent: 0, won: 0, lost: 0, invited: 0, invitedWon: 0 }, EMPTY_STAGES];
  const since = new Date(`${months[0]}-01T00:00:00Z`);
  const byMonth = new Map(
    (company ? await q.countQuotesByMonth(db, company.id, since) : []).map((m) => [m.month, m] as const),
  );
  return {
    pipeline: { leads: counts.leads, viewed: counts.viewed, quoted: counts.quoted, won: counts.won, lost: counts.lost },
    stages,
    newLeads: counts.fresh,
    bySource: {
      invited: { leads: counts.invited, won: counts.invitedWon },
      matched: { leads: counts.leads - counts.invited, won: counts.won - counts.invitedWon },
    },
    quotesSent: counts.sent,
    quotesAccepted: counts.won,
    winRate: winRatePercent(counts.won, counts.sent),
    months: months.map((month) => {
      const m = byMonth.get(month);
      const sent = m?.sent ?? 0;
      const accepted = m?.accepted ?? 0;
      return { month, sent, accepted, winRate: sent === 0 ? null : winRatePercent(accepted, sent) };
    }),
  };
}
