// Where a file's bytes live (decision 176): one small interface, two stores. The database keeps them in
// chunks by default (PostgreSQL and PGlite alike); S3-compatible storage keeps them when STORAGE_URL is
// set. The row in `files` is the file: a store only ever holds bytes for a row that exists, and the
// sweep (sweepFiles) removes whatever an interrupted upload or a crash left without one.
import type { Readable } from "node:stream";
import type { FileRow } from "../../db/schema/files";
import { ServiceUnavailableError } from "../../errors";
import type { ClamdConfig } from "../../files-config";

/** What a store wrote: the byte count and the SHA-256 of the content (hex). */
export type WrittenFile = { size: number; sha256: string };

export type FileStore = {
  readonly kind: "database" | "s3";
  /**
   * Writes the content of file `id` from `source`, streaming (memory stays flat whatever the size). Fails
   * with the source's error when the source fails or is destroyed (a client that went away, a limit
   * passed); whatever was written of it is then removed before the promise settles.
   */
  write(id: string, source: Readable): Promise<WrittenFile>;
  /** The content of file `id`, streamed. */
  read(id: string): Readable;
  /** Removes the content of these files; ids with no content are ignored. */
  remove(ids: readonly string[]): Promise<void>;
  /**
   * A short-lived address the browser downloads from directly (S3's presigned URL), with the headers
   * a download must carry; null when the content is served by the app (the database store).
   */
  downloadUrl(id: string, options: { fileName: string; contentType: string; inline: boolean }): Promise<string | null>;
  /**
   * Ids of stored contents written before `before`, for the sweep to compare with the rows (a store
   * whose contents are deleted with their rows, as the database's are, has none to report).
   */
  listStored(before: Date): AsyncIterable<string>;
  /** Releases connections (tests and shutdown). */
  close(): Promise<void>;
};

/** The stores and the scanner the app runs with: new files go to `current`; a file is read from its own. */
export type FileStores = {
  current: FileStore;
  database: FileStore;
  s3: FileStore | null;
  clamd: ClamdConfig | null;
};

/** The store a file's content is in: its own, which may not be the one new files go to now. */
export function storeOf(stores: FileStores, row: Pick<FileRow, "store">): FileStore {
  if (row.store === "s3") {
    if (!stores.s3) throw new ServiceUnavailableError("This file is kept in S3 storage, which is not configured now.");
    return stores.s3;
  }
  return stores.database;
}
