// A file's content once its row is gone or marked removed (decision 176): removed after the change that
// let it go commits, and what a crash left in S3 without a row found by the sweep.
import type { Db } from "../../db/client";
import type { FileRow } from "../../db/schema/files";
import type { JobLog } from "../../jobs/queue";
import * as q from "./queries";
import type { FileStore, FileStores } from "./store";

/**
 * Removes content whose row is already gone or marked removed. A failure does not undo the change the
 * person made, and is not theirs to see: it is logged, and the sweep removes the content later.
 */
export async function removeContentLogged(
  deps: { files: FileStores; log: Pick<JobLog, "warn"> },
  rows: readonly Pick<FileRow, "id" | "store">[],
  what: string,
) {
  try {
    await removeContent(deps.files, rows, true);
  } catch (err) {
    deps.log.warn({ err, files: rows.map((r) => r.id) }, `could not remove the content of ${what}; the sweep will`);
  }
}

/** File ids are UUIDs: any other key under the prefix is not the app's, and is left alone. */
const FILE_KEY = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * S3 objects of no file (a crash between writing an object and deleting its row) or of a removed one,
 * compared with the rows batch by batch as the listing goes. Only objects written before `before`, older
 * than any upload in progress, could be: a live upload's row exists all along.
 */
export async function sweepS3(db: Db, s3: FileStore, before: Date, batch: number): Promise<number> {
  let orphans = 0;
  let some: string[] = [];
  const compare = async () => {
    const kept = await q.keptIds(db, some);
    const gone = some.filter((id) => !kept.has(id));
    await s3.remove(gone);
    orphans += gone.length;
    some = [];
  };
  for await (const id of s3.listStored(before)) {
    if (!FILE_KEY.test(id)) continue;
    some.push(id);
    if (some.length >= batch) await compare();
  }
  if (some.length > 0) await compare();
  return orphans;
}

/**
 * The content of rows deleted or removed: S3's objects, and with `chunks` the database's (a deleted row's
 * chunks go with it; a removed one keeps its row).
 */
export async function removeContent(
  stores: FileStores,
  rows: readonly Pick<FileRow, "id" | "store">[],
  chunks: boolean,
) {
  const s3 = rows.filter((r) => r.store === "s3").map((r) => r.id);
  if (s3.length > 0 && stores.s3) await stores.s3.remove(s3);
  const database = rows.filter((r) => r.store === "database").map((r) => r.id);
  if (chunks && database.length > 0) await stores.database.remove(database);
}
