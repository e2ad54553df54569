// The files' SQL (decision 176): rows, who may see a file, attaching uploads, the lists beside a
// request, a message or a quote, and what the sweep removes.
import { and, asc, count, eq, exists, inArray, isNotNull, isNull, lt, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { joinLeadParties } from "../../db/lead-parties";
import { rowCount } from "../../db/row-count";
import { companies } from "../../db/schema/companies";
import { type FileRow, fileChunks, files } from "../../db/schema/files";
import { leadMessages } from "../../db/schema/lead-messages";
import { leads } from "../../db/schema/leads";
import { quoteRequests } from "../../db/schema/quote-requests";
import { quotes } from "../../db/schema/quotes";

export type FileTarget =
  | { quoteRequestId: number }
  | { messageId: number }
  | { quoteId: number }
  | { companyId: number };

/** The first key of the uploads' advisory locks (pg_advisory_xact_lock(int, int)), the uploader's id the second. */
const PENDING_LOCK = 176;

/**
 * A new upload's row, unless the uploader already has `max` files not attached to anything (null). The
 * count is taken under the uploader's lock: two uploads at once cannot both take the last place.
 */
export async function insertUpload(
  db: Db,
  values: { uploaderId: number; name: string; store: "database" | "s3" },
  max: number,
): Promise<string | null> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${PENDING_LOCK}, ${values.uploaderId})`);
    const [pending] = await tx
      .select({ n: count() })
      .from(files)
      .where(and(eq(files.uploaderId, values.uploaderId), isNull(files.attachedAt)));
    if ((pending?.n ?? 0) >= max) return null;
    const [row] = await tx.insert(files).values(values).returning({ id: files.id });
    if (!row) throw new Error("insert returned no row");
    return row.id;
  });
}

export async function markReady(
  db: Db,
  id: string,
  values: { size: number; sha256: string; contentType: string; kind: FileRow["kind"] },
) {
  const [row] = await db
    .update(files)
    .set({ ...values, status: "ready" })
    .where(and(eq(files.id, id), eq(files.status, "uploading")))
    .returning();
  return row ?? null;
}

export async function deleteRow(db: Db, id: string) {
  await db.delete(files).where(eq(files.id, id));
}

export async function findFile(db: Db, id: string): Promise<FileRow | null> {
  const [row] = await db.select().from(files).where(eq(files.id, id));
  return row ?? null;
}

/**
 * The parties of the lead a message or a quote belongs to: the request's client (while the lead is
 * theirs to see) and the lead's provider, in one read.
 */
export async function findLeadParties(db: Db, target: { messageId: number } | { quoteId: number }) {
  const leadId =
    "messageId" in target
      ? sql`(select ${leadMessages.leadId} from ${leadMessages} where ${leadMessages.id} = ${target.messageId})`
      : sql`(select ${quotes.leadId} from ${quotes} where ${quotes.id} = ${target.quoteId})`;
  const query = db
    .select({
      leadId: leads.id,
      quoteRequestId: leads.quoteRequestId,
      clientId: quoteRequests.clientId,
      providerUserId: companies.userId,
      leadStatus: leads.status,
      withdrawnAt: leads.withdrawnAt,
    })
    .from(leads)
    .$dynamic();
  const [row] = await joinLeadParties(query).where(eq(leads.id, leadId));
  return row ?? null;
}

/** Whether an administrator hid this message (decision 176: its files are hidden with it). */
export async function isMessageHidden(db: Db, messageId: number): Promise<boolean> {
  const [row] = await db
    .select({ hiddenAt: leadMessages.hiddenAt })
    .from(leadMessages)
    .where(eq(leadMessages.id, messageId));
  return row?.hiddenAt != null;
}

/** The request's client, and whether `userId`'s company holds a lead on it that it has not declined. */
export async function findRequestParties(db: Db, quoteRequestId: number, userId: number) {
  const [row] = await db
    .select({
      clientId: quoteRequests.clientId,
      status: quoteRequests.status,
      // Qualified by hand: drizzle writes a column in a select's sql without its table.
      providerHasLead: sql<boolean>`exists (
        select 1 from "leads" l join "companies" c on c."id" = l."company_id"
        where l."quote_request_id" = "quote_requests"."id" and c."user_id" = ${userId}
          and l."status" <> 'declined' and l."withdrawn_at" is null)`,
    })
    .from(quoteRequests)
    .where(eq(quoteRequests.id, quoteRequestId));
  return row ?? null;
}

/**
 * Attaches the uploader's own finished, unattached uploads; answers how many it attached (fewer than
 * asked: one of them is not theirs, not finished, already attached or gone).
 */
export async function attach(db: Db, uploaderId: number, ids: readonly string[], target: FileTarget, now: Date) {
  if (ids.length === 0) return 0;
  return rowCount(
    db
      .update(files)
      .set({ ...target, attachedAt: now })
      .where(
        and(
          inArray(files.id, [...ids]),
          eq(files.uploaderId, uploaderId),
          eq(files.status, "ready"),
          isNull(files.attachedAt),
        ),
      )
      .returning({ id: files.id }),
  );
}

export async function countOn(db: Db, column: "quoteRequestId" | "quoteId", id: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(files)
    .where(and(eq(files[column], id), isNull(files.removedAt)));
  return row?.n ?? 0;
}

/** The files of some requests, messages or quotes, oldest first. */
export async function listFor(
  db: Db,
  column: "quoteRequestId" | "messageId" | "quoteId",
  ids: readonly number[],
): Promise<FileRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(files)
    .where(and(inArray(files[column], [...ids]), eq(files.status, "ready")))
    .orderBy(asc(files.createdAt), asc(files.id));
}

export async function markRemoved(db: Db, id: string, adminId: number, now: Date) {
  const [row] = await db
    .update(files)
    .set({ removedAt: now, removedById: adminId })
    .where(and(eq(files.id, id), isNull(files.removedAt)))
    .returning();
  return row ?? null;
}

/** Locks a request against attaching while one of its files is deleted; answers its status. */
export async function lockRequestStatus(tx: Db, quoteRequestId: number) {
  const [row] = await tx
    .select({ status: quoteRequests.status })
    .from(quoteRequests)
    .where(eq(quoteRequests.id, quoteRequestId))
    .for("update");
  return row?.status ?? null;
}

/**
 * Deletes the uploader's finished file if it is still as it was read: on the same request (or none), in
 * no message, quote or application, not removed. Null when it changed in between (attached, removed, deleted).
 */
export async function deleteUnsent(tx: Db, row: { id: string; uploaderId: number; quoteRequestId: number | null }) {
  const [deleted] = await tx
    .delete(files)
    .where(
      and(
        eq(files.id, row.id),
        eq(files.uploaderId, row.uploaderId),
        eq(files.status, "ready"),
        isNull(files.removedAt),
        isNull(files.messageId),
        isNull(files.quoteId),
        isNull(files.companyId),
        row.quoteRequestId === null ? isNull(files.quoteRequestId) : eq(files.quoteRequestId, row.quoteRequestId),
      ),
    )
    .returning({ id: files.id, store: files.store });
  return deleted ?? null;
}

/**
 * Uploads never finished (started before `unfinishedBefore`) or never attached (before `unattachedBefore`).
 * The conditions are the DELETE's own, not only its subselect's: a row attached (or finished) by a
 * transaction that commits while this one waits on it is checked again as it now is, and kept.
 */
export async function deleteAbandoned(db: Db, unfinishedBefore: Date, unattachedBefore: Date, limit: number) {
  const abandoned = and(
    isNull(files.attachedAt),
    or(
      and(eq(files.status, "uploading"), lt(files.createdAt, unfinishedBefore)),
      lt(files.createdAt, unattachedBefore),
    ),
  );
  const doomed = db.select({ id: files.id }).from(files).where(abandoned).limit(limit);
  return db
    .delete(files)
    .where(and(inArray(files.id, doomed), abandoned))
    .returning({ id: files.id, store: files.store });
}

/** Files an administrator removed whose chunks are still in the database (their removal failed). */
export async function deleteRemovedChunks(db: Db, limit: number): Promise<number> {
  const removed = db
    .select({ id: files.id })
    .from(files)
    .where(
      and(
        isNotNull(files.removedAt),
        eq(files.store, "database"),
        exists(db.select({ one: sql`1` }).from(fileChunks).where(eq(fileChunks.fileId, files.id))),
      ),
    )
    .limit(limit);
  const rows = await db
    .delete(fileChunks)
    .where(inArray(fileChunks.fileId, removed))
    .returning({ id: fileChunks.fileId });
  return new Set(rows.map((r) => r.id)).size;
}

/** Which of these ids have a row whose content is kept (not removed by an administrator). */
export async function keptIds(db: Db, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: files.id })
    .from(files)
    .where(and(inArray(files.id, [...ids]), isNull(files.removedAt)));
  return new Set(rows.map((r) => r.id));
}

/** The uploads only this account sees (not attached to anything), for deleting the account. */
export async function deletePendingOf(db: Db, uploaderId: number) {
  return db
    .delete(files)
    .where(and(eq(files.uploaderId, uploaderId), isNull(files.attachedAt)))
    .returning({ id: files.id, store: files.store });
}

/** Every file the user uploaded that still has its content, for the data export. */
export async function listUploadedBy(db: Db, uploaderId: number): Promise<FileRow[]> {
  return db
    .select()
    .from(files)
    .where(and(eq(files.uploaderId, uploaderId), eq(files.status, "ready"), isNull(files.removedAt)))
    .orderBy(asc(files.createdAt));
}

/** Whether the company is `userId`'s own: its documents are its owner's and the admins' (decision 177). */
export async function isCompanyOwner(db: Db, companyId: number, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(and(eq(companies.id, companyId), eq(companies.userId, userId)));
  return row !== undefined;
}

/** Sets what each of a company's documents is, once attached to it. */
export async function setDocumentKinds(
  db: Db,
  companyId: number,
  documents: readonly { fileId: string; kind: NonNullable<FileRow["documentKind"]> }[],
) {
  for (const d of documents) {
    await db
      .update(files)
      .set({ documentKind: d.kind })
      .where(and(eq(files.id, d.fileId), eq(files.companyId, companyId)));
  }
}

/** The ready documents of some companies, oldest first. */
export async function listForCompanies(db: Db, companyIds: readonly number[]): Promise<FileRow[]> {
  if (companyIds.length === 0) return [];
  return db
    .select()
    .from(files)
    .where(and(inArray(files.companyId, [...companyIds]), eq(files.status, "ready")))
    .orderBy(asc(files.createdAt), asc(files.id));
}

/** Deleting an account: the documents of its company's application, which only it and admins see. */
export async function deleteCompanyDocumentsOf(db: Db, userId: number) {
  const own = db.select({ id: companies.id }).from(companies).where(eq(companies.userId, userId));
  return db.delete(files).where(inArray(files.companyId, own)).returning({ id: files.id, store: files.store });
}
