// Files (issue 33, decision 176): an upload is stored, its type read from its content, scanned by clamd
// when one is configured, and only then `ready`; until it is attached to a request, a message or a quote
// only its uploader sees it. Who may download a file is decided here, for every route that serves one.
import type { Readable } from "node:stream";
import { API_TOKEN_MESSAGES, type ApiTokenScope } from "@/shared/api-tokens";
import {
  FILE_MAX_BYTES,
  FILE_MESSAGES,
  FILE_NAME_MAX,
  FILES_PER_ITEM,
  filePath,
  INLINE_IMAGE_MIMES,
  PENDING_FILE_HOURS,
  PENDING_FILES_MAX,
  type StoredFile,
  UPLOADS_AT_ONCE_MAX,
} from "@/shared/files";
import { canCancel } from "@/shared/quote-request-status";
import type { Db } from "../../db/client";
import type { FileRow } from "../../db/schema/files";
import type { UserRow } from "../../db/schema/users";
import {
  AppError,
  BadRequestError,
  ConflictError,
  ForbiddenError,
  NotFoundError,
  TooManyRequestsError,
} from "../../errors";
import type { JobLog } from "../../jobs/queue";
import { publishLiveEvent } from "../../live/publish";
import { logActivity } from "../activity/service";
import { leadAccessFor } from "../companies/access";
import { removeContent, removeContentLogged, sweepS3 } from "./content";
import { cleanFileName } from "./detect";
import { FileTooLargeError, storeUpload } from "./intake";
import * as q from "./queries";
import { type FileStores, storeOf } from "./store";

export type FilesDeps = { db: Db; files: FileStores; now: () => Date; log: Pick<JobLog, "warn"> };

const FILE_NOT_FOUND = "No file of yours has this id.";
/** An upload that never finished (a crash mid-way) is swept after this long. */
const UNFINISHED_MS = 60 * 60 * 1000;

export function storedFile(row: FileRow): StoredFile {
  const removed = row.removedAt !== null;
  return {
    id: row.id,
    name: removed ? FILE_MESSAGES.removedByAdmin : row.name,
    size: removed ? 0 : row.size,
    contentType: row.contentType,
    kind: row.kind,
    url: filePath(row.id),
    previewUrl: !removed && INLINE_IMAGE_MIMES.includes(row.contentType) ? `${filePath(row.id)}?preview=1` : null,
    createdAt: row.createdAt.toISOString(),
    removed,
  };
}

/** Uploads running in this process, by uploader: each holds a connection spared the request timeout. */
const uploadsRunning = new Map<number, number>();

function countRunning(userId: number, change: 1 | -1) {
  const now = (uploadsRunning.get(userId) ?? 0) + change;
  if (now > 0) uploadsRunning.set(userId, now);
  else uploadsRunning.delete(userId);
}

/** What the route does once an upload passed its checks and its body is about to be read. */
export type UploadHooks = { onAccepted?: () => void };

/**
 * POST /api/files: stores the body as a new upload of `user`'s. The row is written first (`uploading`),
 * so that a crash leaves something the sweep finds; any refusal removes the content and the row before
 * the answer. The refusals that need no byte of the body (too large, too many) come before anything is
 * read or written.
 */
export async function uploadFile(
  deps: FilesDeps,
  user: Pick<UserRow, "id">,
  rawName: string,
  body: Readable,
  declaredLength: number | null,
  hooks: UploadHooks = {},
): Promise<StoredFile> {
  const name = cleanFileName(rawName, FILE_NAME_MAX);
  if (declaredLength !== null && declaredLength > FILE_MAX_BYTES) throw new FileTooLargeError(name);
  if ((uploadsRunning.get(user.id) ?? 0) >= UPLOADS_AT_ONCE_MAX) {
    throw new TooManyRequestsError(FILE_MESSAGES.tooManyAtOnce, 10);
  }
  countRunning(user.id, 1);
  try {
    const store = deps.files.current;
    const id = await q.insertUpload(deps.db, { uploaderId: user.id, name, store: store.kind }, PENDING_FILES_MAX);
    if (id === null) throw new ConflictError(FILE_MESSAGES.tooManyPending);
    hooks.onAccepted?.();
    return storedFile(await storeUpload(deps, store, id, name, body));
  } finally {
    countRunning(user.id, -1);
  }
}

/**
 * Whether `user` may fetch the file: its uploader; an admin; for a request's file, its client and the
 * providers holding a lead on it they have not declined (and may act on leads); for a message's or a
 * quote's file, the two parties of that lead's conversation (not once an administrator hid the message).
 */
async function canSee(db: Db, user: Pick<UserRow, "id" | "userType">, row: FileRow): Promise<boolean> {
  if (user.userType === "admin") return true;
  // A message an administrator hid is gone for both parties, its files with it.
  if (row.messageId !== null && (await q.isMessageHidden(db, row.messageId))) return false;
  if (row.uploaderId === user.id) return true;
  if (row.status !== "ready") return false;
  // A company's verification document: its owner's and the admins' only (decision 177).
  if (row.companyId !== null) return q.isCompanyOwner(db, row.companyId, user.id);
  if (row.quoteRequestId !== null) {
    const parties = await q.findRequestParties(db, row.quoteRequestId, user.id);
    if (!parties) return false;
    if (parties.clientId === user.id) return true;
    return parties.providerHasLead && (await providerMayAct(db, user));
  }
  const target =
    row.messageId !== null ? { messageId: row.messageId } : row.quoteId !== null ? { quoteId: row.quoteId } : null;
  if (!target) return false;
  const parties = await q.findLeadParties(db, target);
  if (!parties) return false;
  if (parties.providerUserId === user.id) return providerMayAct(db, user);
  // A lead declined or taken back is no thread of the client's (decision 128).
  return parties.clientId === user.id && parties.leadStatus !== "declined" && parties.withdrawnAt === null;
}

async function providerMayAct(db: Db, user: Pick<UserRow, "id" | "userType">) {
  return user.userType === "provider" && (await leadAccessFor(db, user.id)).hasAccess;
}

export type Download =
  | { redirect: string }
  | { redirect: null; row: FileRow; content: Readable; disposition: "attachment" | "inline" };

/**
 * GET /api/files/{id}: 404 for anyone who may not see the file, 410 once an administrator removed it.
 * An API token (`tokenScopes`) reads a message's file with messages:read, any other with leads:read.
 */
export async function downloadFile(
  deps: FilesDeps,
  user: Pick<UserRow, "id" | "userType">,
  id: string,
  preview: boolean,
  tokenScopes?: readonly ApiTokenScope[],
): Promise<Download> {
  const row = await q.findFile(deps.db, id);
  if (row?.status !== "ready" || !(await canSee(deps.db, user, row))) throw new NotFoundError(FILE_NOT_FOUND);
  const needed: ApiTokenScope = row.messageId !== null ? "messages:read" : "leads:read";
  if (tokenScopes && !tokenScopes.includes(needed)) throw new ForbiddenError(API_TOKEN_MESSAGES.lacks([needed]));
  if (row.removedAt) throw new AppError(410, `This file was ${FILE_MESSAGES.removedByAdmin.toLowerCase()}.`);
  const inline = preview && INLINE_IMAGE_MIMES.includes(row.contentType);
  const store = storeOf(deps.files, row);
  const url = await store.downloadUrl(row.id, { fileName: row.name, contentType: row.contentType, inline });
  if (url) return { redirect: url };
  return { redirect: null, row, content: store.read(row.id), disposition: inline ? "inline" : "attachment" };
}

/**
 * DELETE /api/files/{id}: the uploader removes an upload not yet sent, or a client a file of its own
 * request while the request is open or matched. What was sent in a message or with a quote, or with a
 * company's application, stays, as the message does. The request is locked first (as attaching more to it does), and the row is deleted only
 * if it is still as read: an upload attached by a send that commits meanwhile stays with the send.
 */
export async function deleteOwnFile(deps: FilesDeps, user: Pick<UserRow, "id">, id: string): Promise<void> {
  const deleted = await deps.db.transaction(async (tx) => {
    const row = await q.findFile(tx, id);
    if (!row || row.uploaderId !== user.id || row.removedAt) throw new NotFoundError(FILE_NOT_FOUND);
    if (row.status !== "ready") throw new ConflictError(FILE_MESSAGES.stillUploading);
    if (row.messageId !== null || row.quoteId !== null) throw new ConflictError(FILE_MESSAGES.sent);
    // A document of a company's application stays with it: the admin reviews what was sent (decision 177).
    if (row.companyId !== null) throw new ConflictError(FILE_MESSAGES.applicationDocument);
    if (row.quoteRequestId !== null) {
      const status = await q.lockRequestStatus(tx, row.quoteRequestId);
      if (status === null || !canCancel(status)) throw new ConflictError(FILE_MESSAGES.requestClosed);
    }
    const gone = await q.deleteUnsent(tx, { id: row.id, uploaderId: user.id, quoteRequestId: row.quoteRequestId });
    if (!gone) throw new ConflictError(FILE_MESSAGES.sent);
    return gone;
  });
  await removeContentLogged(deps, [deleted], "a deleted file");
}

/**
 * Attaches uploads to what the uploader is sending, in its transaction: all of them or, when one is
 * not theirs or not ready, none (the whole send is refused, and nothing is written).
 */
export async function attachUploads(
  tx: Db,
  uploaderId: number,
  fileIds: readonly string[] | undefined,
  target: q.FileTarget,
  now: Date,
  alreadyAttached = 0,
): Promise<void> {
  const ids = [...new Set(fileIds ?? [])];
  if (ids.length === 0) return;
  if (alreadyAttached + ids.length > FILES_PER_ITEM) throw new BadRequestError(FILE_MESSAGES.tooMany);
  const attached = await q.attach(tx, uploaderId, ids, target, now);
  if (attached !== ids.length) throw new BadRequestError(FILE_MESSAGES.unknownFile);
}

/** Files on a request or a quote already sent, for adding more (at most FILES_PER_ITEM in all). */
export const countAttached = q.countOn;

/** The files of some requests, messages or quotes, by their id. */
export async function filesFor(
  db: Db,
  column: "quoteRequestId" | "messageId" | "quoteId",
  ids: readonly number[],
): Promise<Map<number, StoredFile[]>> {
  const byId = new Map<number, StoredFile[]>();
  for (const row of await q.listFor(db, column, ids)) {
    const key = row[column];
    if (key === null) continue;
    const list = byId.get(key) ?? [];
    list.push(storedFile(row));
    byId.set(key, list);
  }
  return byId;
}

/** DELETE /api/admin/files/{id}: the content goes, the row stays as "Removed by an administrator". */
export async function removeFileAsAdmin(deps: FilesDeps, admin: Pick<UserRow, "id">, id: string, reason?: string) {
  const row = await deps.db.transaction(async (tx) => {
    const removed = await q.markRemoved(tx, id, admin.id, deps.now());
    if (!removed) throw new NotFoundError("No file has this id, or it was already removed.");
    await logActivity(tx, {
      adminId: admin.id,
      action: "remove_file",
      resourceType: "file",
      resourceId: id,
      details: { name: removed.name, reason: reason ?? null },
    });
    // The parties' open threads and quote comparisons refetch, and show the file as removed.
    const target =
      removed.messageId !== null
        ? { messageId: removed.messageId }
        : removed.quoteId !== null
          ? { quoteId: removed.quoteId }
          : null;
    const parties = target ? await q.findLeadParties(tx, target) : null;
    if (target && parties) {
      await publishLiveEvent(tx, [parties.clientId, parties.providerUserId], {
        type: "messageId" in target ? "message" : "quote",
        leadId: parties.leadId,
        quoteRequestId: parties.quoteRequestId,
      });
    }
    return removed;
  });
  await removeContentLogged(deps, [row], "a file an administrator removed");
  return storedFile(row);
}

/**
 * The sweep (a scheduled job): uploads never finished or never attached, and content in S3 with no row
 * (a crash between writing an object and deleting its row). Returns how many it removed.
 */
export async function sweepFiles(deps: FilesDeps, batch = 500): Promise<number> {
  const now = deps.now().getTime();
  const unfinished = new Date(now - UNFINISHED_MS);
  const doomed = await q.deleteAbandoned(
    deps.db,
    unfinished,
    new Date(now - PENDING_FILE_HOURS * 60 * 60 * 1000),
    batch,
  );
  await removeContent(deps.files, doomed, false);
  // Chunks of files an administrator removed, should their removal have failed.
  const chunks = await q.deleteRemovedChunks(deps.db, batch);
  return doomed.length + chunks + (deps.files.s3 ? await sweepS3(deps.db, deps.files.s3, unfinished, batch) : 0);
}

/** Deleting an account (inside its transaction): the uploads only it could see. Returns what to remove after commit. */
export async function deletePendingUploads(tx: Db, userId: number) {
  return q.deletePendingOf(tx, userId);
}

/** After the account's transaction committed: the S3 objects of its deleted uploads (logged should it fail). */
export async function removeDeletedContent(
  deps: Pick<FilesDeps, "files" | "log">,
  rows: readonly Pick<FileRow, "id" | "store">[],
) {
  await removeContentLogged(deps, rows, "a deleted account's uploads");
}

/** The data export's list of the files the user uploaded. */
export async function listUploadedFiles(db: Db, userId: number): Promise<StoredFile[]> {
  return (await q.listUploadedBy(db, userId)).map(storedFile);
}

/** Where a file is in the ZIP data export: its id keeps two files of one name apart. */
export const archivePathOf = (file: Pick<StoredFile, "id" | "name">) => `files/${file.id}-${file.name}`;

/** The content of each file the user uploaded, for the ZIP data export; each is read only when asked. */
export async function uploadedContents(deps: Pick<FilesDeps, "db" | "files">, userId: number) {
  const rows = await q.listUploadedBy(deps.db, userId);
  return rows.map((row) => ({ path: archivePathOf(row), read: () => storeOf(deps.files, row).read(row.id) }));
}

/**
 * A request's files as `viewer` may see them: its client and admins, and a provider holding a lead on it
 * it has not declined; anyone else (a provider that declined) sees none.
 */
export async function requestFilesFor(
  db: Db,
  viewer: Pick<UserRow, "id" | "userType">,
  quoteRequestId: number,
): Promise<StoredFile[]> {
  if (viewer.userType !== "admin") {
    const parties = await q.findRequestParties(db, quoteRequestId, viewer.id);
    if (!parties || (parties.clientId !== viewer.id && !parties.providerHasLead)) return [];
  }
  return (await filesFor(db, "quoteRequestId", [quoteRequestId])).get(quoteRequestId) ?? [];
}

/**
 * Attaches verification documents to a company's application (decision 177), in the caller's
 * transaction: the uploader's own ready uploads, each with its kind, or none and a 400.
 */
export async function attachCompanyDocuments(
  tx: Db,
  uploaderId: number,
  companyId: number,
  documents: readonly { fileId: string; kind: NonNullable<FileRow["documentKind"]> }[] | undefined,
  now: Date,
  alreadyAttached = 0,
): Promise<void> {
  if (!documents || documents.length === 0) return;
  const ids = documents.map((d) => d.fileId);
  await attachUploads(tx, uploaderId, ids, { companyId }, now, alreadyAttached);
  await q.setDocumentKinds(tx, companyId, documents);
}

/** The documents of some companies' applications, by company id, with what each is. */
export async function companyDocumentsFor(db: Db, companyIds: readonly number[]) {
  const byId = new Map<number, (StoredFile & { documentKind: NonNullable<FileRow["documentKind"]> })[]>();
  for (const row of await q.listForCompanies(db, companyIds)) {
    if (row.companyId === null) continue;
    const list = byId.get(row.companyId) ?? [];
    list.push({ ...storedFile(row), documentKind: row.documentKind ?? "other" });
    byId.set(row.companyId, list);
  }
  return byId;
}

/** Deleting an account (inside its transaction): its company's documents. Returns what to remove after commit. */
export async function deleteCompanyDocuments(tx: Db, userId: number) {
  return q.deleteCompanyDocumentsOf(tx, userId);
}
