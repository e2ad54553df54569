// Files (issue 33, decision 176): an upload is stored, its type read from its content, scanned by clamd
// when one is configured, and only then `ready`; until it is attached to a request, a message or a quote
// only its uploader sees it. Who may download a file is decided here, for every route that serves one.
import { type Readable, Transform, type TransformCallback } from "node:stream";
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
} from "@/shared/files";
import type { Db } from "../../db/client";
import type { FileRow } from "../../db/schema/files";
import type { UserRow } from "../../db/schema/users";
import { AppError, BadRequestError, ConflictError, NotFoundError, ServiceUnavailableError } from "../../errors";
import type { ClamdConfig } from "../../files-config";
import { publishLiveEvent } from "../../live/publish";
import { logActivity } from "../activity/service";
import { leadAccessFor } from "../companies/access";
import { ClamdUnavailableError, scanWithClamd } from "./clamd";
import { cleanFileName, detectFileType, SAMPLE_BYTES } from "./detect";
import * as q from "./queries";
import type { FileStore } from "./store";

/** The stores and the scanner the app runs with: new files go to `current`; a file is read from its own. */
export type FileStores = {
  current: FileStore;
  database: FileStore;
  s3: FileStore | null;
  clamd: ClamdConfig | null;
};
export type FilesDeps = { db: Db; files: FileStores; now: () => Date };

const FILE_NOT_FOUND = "No file of yours has this id.";
/** An upload that never finished (a crash mid-way) is swept after this long. */
const UNFINISHED_MS = 60 * 60 * 1000;

function storeOf(stores: FileStores, row: Pick<FileRow, "store">): FileStore {
  if (row.store === "s3") {
    if (!stores.s3) throw new ServiceUnavailableError("This file is kept in S3 storage, which is not configured now.");
    return stores.s3;
  }
  return stores.database;
}

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

class FileTooLargeError extends AppError {
  constructor(name: string) {
    super(413, FILE_MESSAGES.tooLarge(name));
  }
}

/** Counts the bytes going through, fails past the limit, and keeps the first SAMPLE_BYTES for detection. */
class Measure extends Transform {
  bytes = 0;
  private kept: Buffer[] = [];
  private keptBytes = 0;
  constructor(private readonly name: string) {
    super();
  }
  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
    this.bytes += chunk.length;
    if (this.bytes > FILE_MAX_BYTES) return done(new FileTooLargeError(this.name));
    if (this.keptBytes < SAMPLE_BYTES) {
      const part = chunk.subarray(0, SAMPLE_BYTES - this.keptBytes);
      this.kept.push(Buffer.from(part));
      this.keptBytes += part.length;
    }
    done(null, chunk);
  }
  sample(): Buffer {
    return Buffer.concat(this.kept, this.keptBytes);
  }
}

/**
 * POST /api/files: stores the body as a new upload of `user`'s. The row is written first (`uploading`),
 * so that a crash leaves something the sweep finds; any refusal removes the content and the row before
 * the answer.
 */
export async function uploadFile(
  deps: FilesDeps,
  user: Pick<UserRow, "id">,
  rawName: string,
  body: Readable,
  declaredLength: number | null,
): Promise<StoredFile> {
  const name = cleanFileName(rawName, FILE_NAME_MAX);
  if (declaredLength !== null && declaredLength > FILE_MAX_BYTES) throw new FileTooLargeError(name);
  if ((await q.countPending(deps.db, user.id)) >= PENDING_FILES_MAX)
    throw new ConflictError(FILE_MESSAGES.tooManyPending);
  const store = deps.files.current;
  const id = await q.insertUpload(deps.db, { uploaderId: user.id, name, store: store.kind });
  let stored = false;
  try {
    const measure = new Measure(name);
    const counted = body.pipe(measure);
    body.once("error", (err) => measure.destroy(err));
    // The client going away mid-body ends the upload: the store removes what it wrote.
    body.once("aborted", () => measure.destroy(new BadRequestError("The upload was interrupted.")));
    const written = await store.write(id, counted);
    stored = true;
    if (written.size === 0) throw new BadRequestError(FILE_MESSAGES.empty(name));
    const type = await detectFileType(measure.sample(), name);
    if (!type) throw new AppError(415, FILE_MESSAGES.refusedType(name));
    if (deps.files.clamd) await scan(deps.files.clamd, store.read(id), name);
    const row = await q.markReady(deps.db, id, {
      size: written.size,
      sha256: written.sha256,
      contentType: type.mime,
      kind: type.kind,
    });
    if (!row) throw new ConflictError("The upload was removed while it was being stored.");
    return storedFile(row);
  } catch (err) {
    if (stored) await store.remove([id]);
    await q.deleteRow(deps.db, id);
    if (!body.readableEnded) body.resume();
    throw err;
  }
}

async function scan(clamd: ClamdConfig, content: Readable, name: string) {
  try {
    const result = await scanWithClamd(clamd, content);
    if (!result.clean) throw new AppError(422, FILE_MESSAGES.infected(name));
  } catch (err) {
    if (err instanceof ClamdUnavailableError) throw new ServiceUnavailableError(FILE_MESSAGES.scannerDown, 60);
    throw err;
  } finally {
    content.destroy();
  }
}

/**
 * Whether `user` may fetch the file: its uploader; an admin; for a request's file, its client and the
 * providers holding a lead on it they have not declined (and may act on leads); for a message's or a
 * quote's file, the two parties of that lead's conversation.
 */
async function canSee(db: Db, user: Pick<UserRow, "id" | "userType">, row: FileRow): Promise<boolean> {
  if (user.userType === "admin" || row.uploaderId === user.id) return true;
  if (row.status !== "ready") return false;
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

/** GET /api/files/{id}: 404 for anyone who may not see the file, 410 once an administrator removed it. */
export async function downloadFile(
  deps: FilesDeps,
  user: Pick<UserRow, "id" | "userType">,
  id: string,
  preview: boolean,
): Promise<Download> {
  const row = await q.findFile(deps.db, id);
  if (row?.status !== "ready" || !(await canSee(deps.db, user, row))) throw new NotFoundError(FILE_NOT_FOUND);
  if (row.removedAt) throw new AppError(410, `This file was ${FILE_MESSAGES.removedByAdmin.toLowerCase()}.`);
  const inline = preview && INLINE_IMAGE_MIMES.includes(row.contentType);
  const store = storeOf(deps.files, row);
  const url = await store.downloadUrl(row.id, { fileName: row.name, contentType: row.contentType, inline });
  if (url) return { redirect: url };
  return { redirect: null, row, content: store.read(row.id), disposition: inline ? "inline" : "attachment" };
}

/**
 * DELETE /api/files/{id}: the uploader removes an upload not yet sent, or a client a file of its own
 * request. What was sent in a message or with a quote stays, as the message does.
 */
export async function deleteOwnFile(deps: FilesDeps, user: Pick<UserRow, "id">, id: string): Promise<void> {
  const row = await q.findFile(deps.db, id);
  if (!row || row.uploaderId !== user.id || row.removedAt) throw new NotFoundError(FILE_NOT_FOUND);
  if (row.messageId !== null || row.quoteId !== null) {
    throw new ConflictError("A file sent in a message or with a quote stays with it.");
  }
  await q.deleteRow(deps.db, row.id);
  await storeOf(deps.files, row).remove([row.id]);
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
  await storeOf(deps.files, row).remove([row.id]);
  return storedFile(row);
}

/**
 * The sweep (a scheduled job): uploads never finished or never attached, and content in S3 with no row
 * (a crash between writing an object and deleting its row). Returns how many it removed.
 */
export async function sweepFiles(deps: FilesDeps, batch = 500): Promise<number> {
  const now = deps.now().getTime();
  const doomed = await q.deleteAbandoned(
    deps.db,
    new Date(now - UNFINISHED_MS),
    new Date(now - PENDING_FILE_HOURS * 60 * 60 * 1000),
    batch,
  );
  await removeContent(deps.files, doomed);
  let orphans = 0;
  const s3 = deps.files.s3;
  if (s3) {
    // Only objects older than any upload in progress could be: a live upload's row exists all along.
    const candidates: string[] = [];
    for await (const id of s3.listStored(new Date(now - UNFINISHED_MS))) candidates.push(id);
    for (let i = 0; i < candidates.length; i += batch) {
      const some = candidates.slice(i, i + batch);
      const kept = await q.existingIds(deps.db, some);
      const gone = some.filter((id) => !kept.has(id));
      await s3.remove(gone);
      orphans += gone.length;
    }
  }
  return doomed.length + orphans;
}

async function removeContent(stores: FileStores, rows: readonly { id: string; store: "database" | "s3" }[]) {
  const s3 = rows.filter((r) => r.store === "s3").map((r) => r.id);
  if (s3.length > 0 && stores.s3) await stores.s3.remove(s3);
  // The database's chunks went with their rows.
}

/** Deleting an account (inside its transaction): the uploads only it could see. Returns what to remove after commit. */
export async function deletePendingUploads(tx: Db, userId: number) {
  return q.deletePendingOf(tx, userId);
}

/** After the account's transaction committed: the S3 objects of its deleted uploads. */
export const removeDeletedContent = removeContent;

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
