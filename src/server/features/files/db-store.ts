// The default store (decision 176): a file's bytes in `file_chunks`, in order, in chunks of 512 KB, on
// PostgreSQL and PGlite alike. One chunk is in memory at a time, writing and reading, whatever the file's
// size. The chunks are deleted with their row (a foreign key with ON DELETE CASCADE), so this store
// never holds content without a row and has nothing for the sweep to compare.
// A chunk travels to PostgreSQL as a binary parameter (node-postgres sends a Buffer as it is) and to
// PGlite as base64 text (decision 176, updated 2026-11-29).
import { createHash } from "node:crypto";
import { Readable } from "node:stream";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Database, Db } from "../../db/client";
import { fileChunks } from "../../db/schema/files";
import type { FileStore, WrittenFile } from "./store";

export const FILE_CHUNK_BYTES = 512 * 1024;

export function createDatabaseStore(db: Db, kind: Database["kind"]): FileStore {
  // PGlite turns a binary parameter into text byte by byte, ten times slower than decoding base64; on
  // PostgreSQL, encoding the chunk as base64 was the server's largest cost of an upload (about 3 ms of
  // CPU a chunk), and the database's decoding it came on top.
  const chunkValue = (data: Buffer) =>
    kind === "postgres" ? data : sql<Buffer>`decode(${data.toString("base64")}, 'base64')`;
  async function write(id: string, source: Readable): Promise<WrittenFile> {
    const hash = createHash("sha256");
    let size = 0;
    let seq = 0;
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    const flush = async (bytes: number) => {
      const all = Buffer.concat(pending, pendingBytes);
      const data = all.subarray(0, bytes);
      pending = bytes < all.length ? [all.subarray(bytes)] : [];
      pendingBytes = all.length - bytes;
      await db.insert(fileChunks).values({ fileId: id, seq, data: chunkValue(data) });
      seq += 1;
    };
    try {
      for await (const chunk of source) {
        const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
        hash.update(buffer);
        size += buffer.length;
        pending.push(buffer);
        pendingBytes += buffer.length;
        while (pendingBytes >= FILE_CHUNK_BYTES) await flush(FILE_CHUNK_BYTES);
      }
      if (pendingBytes > 0) await flush(pendingBytes);
    } catch (err) {
      source.destroy();
      await db.delete(fileChunks).where(eq(fileChunks.fileId, id));
      throw err;
    }
    return { size, sha256: hash.digest("hex") };
  }

  function read(id: string): Readable {
    // One chunk per query, by its key: the next is read when the consumer wants more.
    async function* chunks() {
      for (let seq = 0; ; seq += 1) {
        const [row] = await db
          .select({ data: sql<string>`encode(${fileChunks.data}, 'base64')` })
          .from(fileChunks)
          .where(and(eq(fileChunks.fileId, id), eq(fileChunks.seq, seq)));
        if (!row) return;
        yield Buffer.from(row.data, "base64");
      }
    }
    return Readable.from(chunks(), { objectMode: false });
  }

  return {
    kind: "database",
    write,
    read,
    async remove(ids) {
      if (ids.length > 0) await db.delete(fileChunks).where(inArray(fileChunks.fileId, [...ids]));
    },
    async downloadUrl() {
      return null;
    },
    async *listStored() {
      // Chunks go with their rows: there is never content without a row here.
    },
    async close() {},
  };
}
