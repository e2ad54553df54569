// The free space on the disk that holds the embedded database's data folder (decision 143). PGlite
// writes its files itself: a full disk fails a write that needs a new page, and a start on a full
// disk aborts inside WebAssembly with no word of why. Readiness and the start check the space first.
import fs from "node:fs";
import path from "node:path";
import type { Config } from "../config";

const MB = 1024 * 1024;

/** Bytes free to this process on the disk that holds `dir` (or its nearest existing parent). */
export function freeBytes(dir: string): number {
  let at = dir;
  while (!fs.existsSync(at) && path.dirname(at) !== at) at = path.dirname(at);
  const stats = fs.statfsSync(at);
  return stats.bavail * stats.bsize;
}

/**
 * Why the embedded database's disk is too full to write on, or null: a PostgreSQL server, or an
 * in-memory database, has no disk of this process's to check.
 */
export function diskTooFull(database: Config["database"]): string | null {
  if (database.kind !== "pglite" || !database.dataDir || !database.minFreeBytes) return null;
  const free = freeBytes(database.dataDir);
  if (free >= database.minFreeBytes) return null;
  return (
    `The disk that holds the data folder ${database.dataDir} has ${Math.floor(free / MB)} MB free, under the ` +
    `${Math.round(database.minFreeBytes / MB)} MB the embedded database needs (DATA_DIR_MIN_FREE_MB). Free some space on it.`
  );
}
