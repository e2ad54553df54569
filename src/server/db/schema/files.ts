import { sql } from "drizzle-orm";
import { check, customType, index, integer, pgEnum, pgTable, primaryKey, text, uuid } from "drizzle-orm/pg-core";
import { FILE_KINDS } from "@/shared/files";
import { createdAt, setNullRef, timestamptz } from "./columns";
import { companies, documentKindEnum } from "./companies";
import { leadMessages } from "./lead-messages";
import { quoteRequests } from "./quote-requests";
import { quotes } from "./quotes";
import { users } from "./users";

/** `uploading` until the content is stored, its type checked and (with clamd) scanned; only `ready` files are shown. */
export const fileStatusEnum = pgEnum("file_status", ["uploading", "ready"]);
export const fileKindEnum = pgEnum("file_kind", FILE_KINDS);

/**
 * A file (decision 176): the row is the file, its bytes are in `file_chunks` or in S3 under its id. An
 * upload is attached to at most one request, message, quote or company application (decision 177);
 * until then only its uploader sees it, and the sweep deletes it after a day. An administrator's
 * removal deletes the content and keeps the row, so that the parties see where a file was.
 */
export const files = pgTable(
  "files",
  {
    id: uuid().primaryKey().defaultRandom(),
    /** Null once the uploader's account is deleted (an attached file stays for the other side). */
    uploaderId: setNullRef(() => users.id),
    name: text().notNull(),
    size: integer().notNull().default(0),
    contentType: text().notNull().default("application/octet-stream"),
    kind: fileKindEnum().notNull().default("archive"),
    sha256: text(),
    /** Which store holds the content, so that a change of STORAGE_URL never loses the older files. */
    store: text().$type<"database" | "s3">().notNull(),
    status: fileStatusEnum().notNull().default("uploading"),
    quoteRequestId: integer().references(() => quoteRequests.id, { onDelete: "cascade" }),
    messageId: integer().references(() => leadMessages.id, { onDelete: "cascade" }),
    quoteId: integer().references(() => quotes.id, { onDelete: "cascade" }),
    /** A verification document of a company's application (decision 177), with what it is. */
    companyId: integer().references(() => companies.id, { onDelete: "cascade" }),
    documentKind: documentKindEnum(),
    attachedAt: timestamptz(),
    removedAt: timestamptz(),
    removedById: setNullRef(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    check("files_one_owner", sql`num_nonnulls(${t.quoteRequestId}, ${t.messageId}, ${t.quoteId}, ${t.companyId}) <= 1`),
    check("files_document_kind_of_company", sql`${t.documentKind} is null or ${t.companyId} is not null`),
    index("files_quote_request_id_idx").on(t.quoteRequestId).where(sql`quote_request_id is not null`),
    index("files_message_id_idx").on(t.messageId).where(sql`message_id is not null`),
    index("files_quote_id_idx").on(t.quoteId).where(sql`quote_id is not null`),
    index("files_company_id_idx").on(t.companyId).where(sql`company_id is not null`),
    // An uploader's pending uploads (the limit, account deletion), and the set-null of a deleted account.
    index("files_uploader_id_idx").on(t.uploaderId, t.createdAt),
    // The sweep: uploads never finished or never attached.
    index("files_unattached_idx").on(t.createdAt).where(sql`attached_at is null`),
  ],
);
export type FileRow = typeof files.$inferSelect;

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) =>
    Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength),
});

/** The database store's content: a file's bytes in order, in chunks of FILE_CHUNK_BYTES. */
export const fileChunks = pgTable(
  "file_chunks",
  {
    fileId: uuid()
      .notNull()
      .references(() => files.id, { onDelete: "cascade" }),
    seq: integer().notNull(),
    data: bytea().notNull(),
  },
  (t) => [primaryKey({ columns: [t.fileId, t.seq] })],
);
