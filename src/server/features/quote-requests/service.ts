import { createHash } from "node:crypto";
import { isDeletedAccountEmail } from "@/shared/account";
import { FILE_MESSAGES } from "@/shared/files";
import { isComplexProject, matchHours } from "@/shared/match-promise";
import { pick } from "@/shared/pick";
import {
  CLIENT_STATUS_LABELS,
  type ClientStatus,
  canCancel,
  type QuoteRequestStatus,
} from "@/shared/quote-request-status";
import {
  type CreateQuoteRequestInput,
  INVITED_PROVIDER_GONE,
  type MyQuoteRequestsQuery,
  type QuoteRequestDetail,
  type QuoteRequestSummary,
  type QuoteRequestSummaryCounts,
} from "@/shared/quote-requests";
import { estimateRoi } from "@/shared/roi-estimate";
import type { Clock } from "../../clock";
import type { Db } from "../../db/client";
import type { IdempotencyKeyRow } from "../../db/schema/idempotency-keys";
import type { LeadRow } from "../../db/schema/leads";
import type { QuoteRequestRow } from "../../db/schema/quote-requests";
import type { UserRow } from "../../db/schema/users";
import { AppError, ConflictError, FieldError, NotFoundError } from "../../errors";
import { idCursor, pageLimit } from "../../http/paging";
import type { PageKeeper } from "../../http/session";
import { JOB_NAMES, type JobQueue } from "../../jobs/queue";
import { requireAccess } from "../companies/access";
import { attachUploads, countAttached, requestFilesFor } from "../files/service";
import type { MessagingDeps } from "../notifications/service";
import { findListedProvider } from "../providers/queries";
import { closeRequestQuotes } from "../quotes/closing";
import * as q from "./queries";

export type QuoteRequestDeps = { db: Db; jobs: JobQueue; now: Clock };

const NOT_FOUND = "Quote request not found.";

/** What a reader may see of a request: all of it, or all but the client's contact details. */
/** contact: the client's contact details; invite: which provider the client invited (its own and admins' reads). */
export type ReadAccess = { contact: boolean; invite?: boolean };
/** The owner's read of its own request. */
const OWNER: ReadAccess = { contact: true, invite: true };

/**
 * Who may read a request: its owner and admins, with the client's contact details; a provider holding a
 * lead for it, with them only once it has quoted. Everyone else gets null, which the routes answer with
 * 404, so that nobody learns which ids exist.
 */
export async function canReadQuoteRequest(
  db: Db,
  viewer: Pick<UserRow, "id" | "userType">,
  request: Pick<QuoteRequestRow, "id" | "clientId">,
): Promise<ReadAccess | null> {
  if (viewer.userType === "admin") return { contact: true, invite: true };
  if (viewer.userType === "client" && request.clientId === viewer.id) return { contact: true, invite: true };
  if (viewer.userType === "provider") {
    const lead = await q.findProviderLeadForRequest(db, viewer.id, request.id);
    if (!lead) return null;
    // As on the lead's own page: a provider that lost access (company, subscription) sees why.
    await requireAccess(db, viewer);
    return { contact: await providerSeesContact(db, lead, request.clientId) };
  }
  return null;
}

/**
 * A provider sees the client's contact details once it has quoted on its lead (the lead's page too) or
 * the client has written to it in the lead's conversation (decision 128), and only once the client has
 * confirmed the email address (decision 114): an address nobody proved is not handed to providers.
 */
export async function providerSeesContact(db: Db, lead: Pick<LeadRow, "id">, clientId: number): Promise<boolean> {
  const facts = await q.findContactFacts(db, lead.id, clientId);
  return (facts.quoted || facts.clientWrote) && facts.verified;
}

/** What a summary repeats of the stored request as it is. */
const SUMMARY_FIELDS = [
  "id",
  "title",
  "description",
  "industry",
  "budgetRange",
  "automationTypes",
  "status",
  "timeline",
  "isComplex",
  "roiHoursPerYear",
] as const;

export function toSummary(row: q.QuoteRequestSummaryRow, access: ReadAccess = { contact: true }): QuoteRequestSummary {
  const r = row.request;
  return {
    ...pick(r, SUMMARY_FIELDS),
    createdAt: r.createdAt.toISOString(),
    // A deleted client's stand-in address is nobody's contact (decision 118).
    ...(access.contact
      ? { client: isDeletedAccountEmail(row.client.email) ? { ...row.client, email: "" } : row.client }
      : {}),
    matchDueAt: r.matchDueAt.toISOString(),
  };
}

export function toDetail(row: q.QuoteRequestWithClient, access: ReadAccess = { contact: true }): QuoteRequestDetail {
  const { fullName, email, companyName, ...rest } = row.request.requirements;
  return {
    ...toSummary(row, access),
    requirements: access.contact ? { fullName, email, companyName, ...rest } : rest,
    updatedAt: row.request.updatedAt.toISOString(),
    ...(access.invite ? { invite: inviteOf(row) } : {}),
  };
}

function inviteOf(row: q.QuoteRequestWithClient): QuoteRequestDetail["invite"] {
  const status = row.request.inviteStatus;
  if (!row.invited || !status) return null;
  return { companyName: row.invited.name, slug: row.invited.slug, status };
}

/**
 * Writes the request and its matching job in one transaction: either both exist or neither does.
 * Matching runs later in the background; submitting never waits for it.
 */
export async function submitQuoteRequest(
  deps: QuoteRequestDeps,
  client: UserRow,
  input: CreateQuoteRequestInput,
): Promise<QuoteRequestDetail> {
  const row = await deps.db.transaction(async (tx) => {
    const inserted = await insertRequest(tx, deps.now(), client, input);
    await sendMatchJob(tx, deps, inserted.request);
    return inserted;
  });
  return withFiles(deps.db, client, toDetail({ ...row, client: clientOf(client) }, OWNER));
}

/** The detail with the request's files, as `viewer` may see them (decision 176). */
async function withFiles(db: Db, viewer: UserRow, detail: QuoteRequestDetail): Promise<QuoteRequestDetail> {
  return { ...detail, files: await requestFilesFor(db, viewer, detail.id) };
}

/** How long a key protects its submission: a retry comes within minutes; Stripe keeps keys a day too. */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60 * 1000;

export const IDEMPOTENCY_KEY_REUSED =
  "This Idempotency-Key was already used for a different request. Send the same request again to retry it, or a new key for a new request.";

/** Thrown inside the transaction when a live key already names a request, to roll this one back. */
class KeyAlreadyUsed extends Error {}

/**
 * submitQuoteRequest, once per Idempotency-Key (decision 110): the first submission with a key creates
 * the request and its matching job; a later one with the same key and body gets that request again
 * (replayed), with another body a 422. The key is written in the creating transaction, so of two
 * concurrent submissions only one commits and the other replays it. Without a key, as before.
 */
export async function submitQuoteRequestOnce(
  deps: QuoteRequestDeps,
  client: UserRow,
  input: CreateQuoteRequestInput,
  key: string | undefined,
): Promise<{ request: QuoteRequestDetail; replayed: boolean }> {
  if (key === undefined) return { request: await submitQuoteRequest(deps, client, input), replayed: false };
  const requestHash = fingerprint(input);
  const now = deps.now();
  const expiredAt = new Date(now.getTime() - IDEMPOTENCY_KEY_TTL_MS);
  // No read first: the key's primary key decides, inside the transaction that creates the request, so a
  // retry racing the first submission cannot slip between a read and a write.
  try {
    const row = await deps.db.transaction(async (tx) => {
      const inserted = await insertRequest(tx, now, client, input);
      const claim = { userId: client.id, key, requestHash, quoteRequestId: inserted.request.id };
      if (!(await q.claimIdempotencyKey(tx, claim, now, expiredAt))) throw new KeyAlreadyUsed();
      await sendMatchJob(tx, deps, inserted.request);
      return inserted;
    });
    return {
      request: await withFiles(deps.db, client, toDetail({ ...row, client: clientOf(client) }, OWNER)),
      replayed: false,
    };
  } catch (err) {
    // A retry of a submission that went through, whose invited provider has since left the directory,
    // is answered with that request, like every retry; only a first submission is refused for it.
    const inviteGone = err instanceof FieldError && err.field === "invitedProvider";
    if (!(err instanceof KeyAlreadyUsed) && !inviteGone) throw err;
    if (inviteGone && !(await q.findLiveIdempotencyKey(deps.db, client.id, key, expiredAt))) throw err;
  }
  // An earlier or concurrent submission with this key committed first: its request is the answer.
  const earlier = await q.findLiveIdempotencyKey(deps.db, client.id, key, expiredAt);
  if (!earlier) throw new ConflictError("The request sent earlier with this Idempotency-Key is gone. Send a new key.");
  return replay(deps.db, client, earlier, requestHash);
}

/** Expired keys, deleted by the periodic purge; answers how many. */
export async function purgeExpiredIdempotencyKeys({ db, now }: Pick<QuoteRequestDeps, "db" | "now">): Promise<number> {
  return q.deleteIdempotencyKeysBefore(db, new Date(now().getTime() - IDEMPOTENCY_KEY_TTL_MS));
}

async function replay(
  db: Db,
  client: UserRow,
  key: IdempotencyKeyRow,
  requestHash: string,
): Promise<{ request: QuoteRequestDetail; replayed: boolean }> {
  if (key.requestHash !== requestHash) throw new AppError(422, IDEMPOTENCY_KEY_REUSED);
  const row = await q.findQuoteRequestById(db, key.quoteRequestId);
  if (!row || row.request.clientId !== client.id) throw new NotFoundError(NOT_FOUND);
  return { request: await withFiles(db, client, toDetail(row, OWNER)), replayed: true };
}

/** sha256 of the body as the server read it, its keys sorted, so that their order does not matter. */
function fingerprint(input: CreateQuoteRequestInput): string {
  const sorted = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(sorted);
    if (value === null || typeof value !== "object") return value;
    return Object.fromEntries(
      Object.entries(value)
        .filter(([, v]) => v !== undefined)
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([k, v]) => [k, sorted(v)]),
    );
  };
  return createHash("sha256")
    .update(JSON.stringify(sorted(input)))
    .digest("hex");
}

function clientOf(client: UserRow): q.QuoteRequestClient {
  return { firstName: client.firstName, lastName: client.lastName, email: client.email };
}

/**
 * The request's row, with the provider it invites (decision 172): a listed one, found by its address, or
 * a 400 at the field when it is not listed (any more).
 */
async function insertRequest(db: Db, now: Date, client: UserRow, input: CreateQuoteRequestInput) {
  const { requirements } = input;
  const invited = input.invitedProvider ? await findListedProvider(db, input.invitedProvider) : null;
  if (input.invitedProvider && !invited) throw new FieldError("invitedProvider", INVITED_PROVIDER_GONE);
  const complex = isComplexProject({
    budgetRange: input.budgetRange,
    systems: requirements.systems,
    systemTypes: requirements.systemTypes,
  });
  const roi = estimateRoi(requirements);
  const request = await q.insertQuoteRequest(
    db,
    {
      clientId: client.id,
      title: input.title,
      description: input.description,
      industry: input.industry,
      automationTypes: input.automationTypes,
      budgetRange: input.budgetRange,
      timeline: input.timeline,
      requirements,
      isComplex: complex,
      matchHours: matchHours(complex),
      roiHoursPerYear: roi?.hoursPerYear ?? null,
      invitedCompanyId: invited?.id ?? null,
      inviteStatus: invited ? "pending" : null,
    },
    now,
  );
  await attachUploads(db, client.id, input.fileIds, { quoteRequestId: request.id }, now);
  return { request, invited: invited ? { name: invited.name, slug: invited.slug } : null };
}

async function sendMatchJob(tx: Db, deps: QuoteRequestDeps, request: QuoteRequestRow): Promise<void> {
  await deps.jobs.send(JOB_NAMES.matchQuoteRequest, { quoteRequestId: request.id }, { tx });
}

/** The statuses each of the client's words covers: a cancelled request is closed to the client. */
const CLIENT_STATUS_SET: Record<ClientStatus, QuoteRequestStatus[]> = {
  open: ["open"],
  matched: ["matched"],
  closed: ["closed", "cancelled"],
};

/**
 * A page of the client's requests, newest first (decision 104), as the answer's JSON (decision 182). The
 * dashboard's read, the first page of every status, is kept by the process while it hears the client's
 * changes (decision 192), for the contact it was written with.
 */
export async function listClientQuoteRequests(
  db: Db,
  client: Pick<UserRow, "id" | "firstName" | "lastName" | "email">,
  query: MyQuoteRequestsQuery = {},
  keeper?: PageKeeper,
) {
  // A deleted client's stand-in address is nobody's contact (decision 118), as toSummary says.
  const contact = { ...client, email: isDeletedAccountEmail(client.email) ? "" : client.email };
  const page = {
    after: idCursor(query.cursor),
    limit: pageLimit(query.limit),
    statuses: query.status ? CLIENT_STATUS_SET[query.status] : undefined,
  };
  const read = () => q.findQuoteRequestsByClient(db, contact, page);
  if (!keeper || page.after !== null || page.statuses) return read();
  const key = JSON.stringify(["quote-requests", page.limit, contact.firstName, contact.lastName, contact.email]);
  return keeper.userRead(client.id, key, keeper.now(), read);
}

export async function summariseClientQuoteRequests(db: Db, clientId: number): Promise<QuoteRequestSummaryCounts> {
  return q.countClientQuoteRequests(db, clientId);
}

export async function getQuoteRequest(db: Db, viewer: UserRow, id: number): Promise<QuoteRequestDetail> {
  const row = await q.findQuoteRequestById(db, id);
  if (!row) throw new NotFoundError(NOT_FOUND);
  const access = await canReadQuoteRequest(db, viewer, row.request);
  if (!access) throw new NotFoundError(NOT_FOUND);
  return withFiles(db, viewer, toDetail(row, access));
}

/** The client adds process documents to a request still open or matched (at most FILES_PER_ITEM in all). */
export async function addRequestFiles(deps: QuoteRequestDeps, client: UserRow, id: number, fileIds: string[]) {
  await deps.db.transaction(async (tx) => {
    const current = await q.lockClientQuoteRequest(tx, id, client.id);
    if (!current) throw new NotFoundError(NOT_FOUND);
    if (!canCancel(current.status)) throw new ConflictError(FILE_MESSAGES.noLongerEditable);
    await attachUploads(
      tx,
      client.id,
      fileIds,
      { quoteRequestId: id },
      deps.now(),
      await countAttached(tx, "quoteRequestId", id),
    );
  });
  return { files: await requestFilesFor(deps.db, client, id) };
}

/** The owner withdraws an open or matched request; its pending quotes are declined and its leads closed. */
export async function cancelQuoteRequest(
  deps: MessagingDeps,
  client: UserRow,
  id: number,
): Promise<QuoteRequestDetail> {
  const row = await deps.db.transaction(async (tx) => {
    const current = await q.lockClientQuoteRequest(tx, id, client.id);
    if (!current) throw new NotFoundError(NOT_FOUND);
    if (!canCancel(current.status)) {
      throw new ConflictError(
        `This request is ${CLIENT_STATUS_LABELS[current.status].toLowerCase()}: only open or matched requests can be cancelled.`,
      );
    }
    const updated = await q.setClientQuoteRequestStatus(tx, id, client.id, "cancelled");
    if (!updated) throw new NotFoundError(NOT_FOUND);
    // Providers stop working on it: pending quotes declined (and their providers told), leads closed.
    await closeRequestQuotes(tx, deps, id, "request-cancelled");
    return updated;
  });
  return withFiles(deps.db, client, toDetail({ request: row, client: clientOf(client) }, OWNER));
}
