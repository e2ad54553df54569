// One suite for both file stores (decision 176): the database's chunks and S3 (a real S3-compatible
// server, s3rver). Each writes and reads back the same bytes, leaves nothing of a write that failed,
// removes, lists what it holds, and keeps memory flat for a 25 MB stream.
import { createHash } from "node:crypto";
import { Readable } from "node:stream";
import { setTimeout as sleep } from "node:timers/promises";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FILE_MAX_BYTES } from "@/shared/files";
import { fileChunks, files } from "../../db/schema/files";
import { startS3Server, type TestS3 } from "../../test/s3-server";
import { sharedTestContext } from "../../test/shared-context";
import { createUser } from "../../test/test-app";
import { createDatabaseStore, FILE_CHUNK_BYTES } from "./db-store";
import { createS3Store } from "./s3-store";
import { sweepFiles } from "./service";
import type { FileStore } from "./store";

const ctx = sharedTestContext({}, { jobs: false });
let s3: TestS3;
let uploader: number;

beforeAll(async () => {
  s3 = await startS3Server();
  uploader = (await createUser(ctx, "client")).id;
});
afterAll(async () => {
  await s3?.close();
});

/** A row for the content to belong to, as the service writes one before the content. */
async function newRow(store: FileStore): Promise<string> {
  const [row] = await ctx.database.db
    .insert(files)
    .values({ uploaderId: uploader, name: "x.bin", store: store.kind })
    .returning({ id: files.id });
  if (!row) throw new Error("no row");
  return row.id;
}

async function readAll(source: Readable): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const chunk of source) parts.push(chunk as Buffer);
  return Buffer.concat(parts);
}

async function listAll(store: FileStore, before: Date): Promise<string[]> {
  const ids: string[] = [];
  for await (const id of store.listStored(before)) ids.push(id);
  return ids;
}

/** `size` bytes of a repeating pattern, made as they are read: never all in memory at once. */
function generated(size: number, piece = 64 * 1024): Readable {
  const block = Buffer.alloc(piece);
  for (let i = 0; i < piece; i += 1) block[i] = i % 251;
  return Readable.from(
    (function* () {
      for (let sent = 0; sent < size; sent += piece) yield block.subarray(0, Math.min(piece, size - sent));
    })(),
  );
}

/** A source that gives `size` bytes and then fails, as a client that goes away mid-upload. */
function failingAfter(size: number): Readable {
  const bytes = generated(size);
  return Readable.from(
    (async function* () {
      yield* bytes;
      throw new Error("the client went away");
    })(),
  );
}

/** A source that gives `size` bytes and is then destroyed without an error (a limit cut it short). */
function destroyedAfter(size: number): Readable {
  const source = new Readable({ read() {} });
  (async () => {
    for await (const chunk of generated(size)) source.push(chunk);
    // After the store has taken what was pushed.
    await sleep(20);
    source.destroy();
  })();
  return source;
}

const STORES: { name: string; make: () => FileStore }[] = [
  { name: "the database store", make: () => createDatabaseStore(ctx.database.db, ctx.database.kind) },
  { name: "the S3 store", make: () => createS3Store(s3.config) },
];

describe.each(STORES)("$name", ({ make }) => {
  let store: FileStore;
  beforeAll(() => {
    store = make();
  });
  afterAll(async () => {
    await store.close();
  });

  it("gives back the same bytes with their size and SHA-256, for a few bytes, a chunk's edge and 6 MB", async () => {
    for (const size of [5, FILE_CHUNK_BYTES, 6 * 1024 * 1024 + 7]) {
      const bytes = await readAll(generated(size));
      const id = await newRow(store);
      const written = await store.write(id, Readable.from([bytes]));
      expect(written.size).toBe(size);
      expect(written.sha256).toBe(createHash("sha256").update(bytes).digest("hex"));
      expect((await readAll(store.read(id))).equals(bytes)).toBe(true);
    }
  });

  it("keeps nothing of a write whose source fails or is destroyed, inside one chunk or past an S3 part", async () => {
    const cases = [
      { source: () => failingAfter(FILE_CHUNK_BYTES + 10), error: "the client went away" },
      { source: () => failingAfter(6 * 1024 * 1024), error: "the client went away" },
      { source: () => destroyedAfter(6 * 1024 * 1024), error: "Premature close" },
    ];
    for (const { source, error } of cases) {
      const id = await newRow(store);
      await expect(store.write(id, source())).rejects.toThrow(error);
      // Settled means cleaned up: nothing to read, to list, or left as chunks or open multipart uploads.
      if (store.kind === "s3") {
        await expect(readAll(store.read(id))).rejects.toMatchObject({ name: "NoSuchKey" });
        expect(s3.openUploads()).toBe(0);
      } else {
        expect(await readAll(store.read(id))).toHaveLength(0);
      }
      expect(await listAll(store, new Date(Date.now() + 60_000))).not.toContain(id);
      const [chunks] = await ctx.database.db.select({ n: count() }).from(fileChunks).where(eq(fileChunks.fileId, id));
      expect(chunks?.n).toBe(0);
    }
  });

  it("removes contents, ignoring ids it does not hold, and lists only what was written before a time", async () => {
    const a = await newRow(store);
    const b = await newRow(store);
    await store.write(a, Readable.from([Buffer.from("first")]));
    // S3 keeps LastModified to the second: `between` is the next whole second, and b is written after it.
    const between = new Date(Math.ceil((Date.now() + 1) / 1000) * 1000);
    if (store.kind === "s3") await sleep(between.getTime() - Date.now() + 5);
    await store.write(b, Readable.from([Buffer.from("second")]));
    const later = new Date(Date.now() + 60_000);
    if (store.kind === "s3") {
      expect(await listAll(store, later)).toEqual(expect.arrayContaining([a, b]));
      const early = await listAll(store, between);
      expect(early).toContain(a);
      expect(early).not.toContain(b);
    } else {
      // The database's chunks go with their rows: there is never content without one to list.
      expect(await listAll(store, later)).toEqual([]);
    }
    await store.remove([a, "00000000-0000-4000-8000-000000000000"]);
    await store.remove([]);
    expect(await readAll(store.read(a)).catch(() => Buffer.alloc(0))).toHaveLength(0);
    expect((await readAll(store.read(b))).toString()).toBe("second");
    expect(await listAll(store, later)).not.toContain(a);
  });

  it("downloads from the store itself only in S3, through a presigned URL with the file's disposition", async () => {
    const id = await newRow(store);
    await store.write(id, Readable.from([Buffer.from("%PDF-1.7 proposal")]));
    const url = await store.downloadUrl(id, {
      fileName: "Proposal é.pdf",
      contentType: "application/pdf",
      inline: false,
    });
    if (store.kind === "database") {
      expect(url).toBeNull();
      return;
    }
    const res = await fetch(url as string);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("content-disposition")).toBe(
      `attachment; filename="Proposal _.pdf"; filename*=UTF-8''Proposal%20%C3%A9.pdf`,
    );
    expect(await res.text()).toBe("%PDF-1.7 proposal");
  });

  it("writes 25 MB made on the fly with the heap growing by under 40 MB", async () => {
    const id = await newRow(store);
    global.gc?.();
    const before = process.memoryUsage().heapUsed;
    let peak = before;
    const timer = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().heapUsed);
    }, 5);
    const written = await store.write(id, generated(FILE_MAX_BYTES));
    clearInterval(timer);
    peak = Math.max(peak, process.memoryUsage().heapUsed);
    expect(written.size).toBe(FILE_MAX_BYTES);
    expect(peak - before).toBeLessThan(40 * 1024 * 1024);
  });
});

describe("the app with S3 storage", () => {
  let store: FileStore;
  beforeAll(() => {
    store = createS3Store(s3.config);
    ctx.deps.files.current = store;
    ctx.deps.files.s3 = store;
  });
  afterAll(async () => {
    ctx.deps.files.current = ctx.deps.files.database;
    ctx.deps.files.s3 = null;
    await store.close();
  });

  /** A new client's upload of this PDF: the client and the file's id. */
  async function uploadPdf(name: string, pdf: Buffer) {
    const client = await createUser(ctx, "client");
    const up = await ctx.app.inject({
      method: "POST",
      url: `/api/files?name=${name}`,
      headers: { cookie: client.cookie, "content-type": "application/pdf" },
      payload: pdf,
    });
    expect(up.statusCode, up.body).toBe(201);
    return { client, id: up.json().id as string };
  }

  /** The keys in the bucket after the sweep that runs once two hours have passed, `key` (no file's) written before. */
  async function keysAfterSweep(key: string, text: string): Promise<string[]> {
    await store.write(key, Readable.from([Buffer.from(text)]));
    ctx.clock.advance(2 * 60 * 60 * 1000);
    await sweepFiles(ctx.deps);
    return listAll(store, new Date(Date.now() + 60_000));
  }

  it("keeps uploads in the bucket, sends downloads there for 60 s, and sweeps objects that have no row", async () => {
    const pdf = Buffer.from("%PDF-1.7\n% in S3\n");
    const { client, id } = await uploadPdf("In S3.pdf", pdf);
    const [row] = await ctx.database.db.select().from(files).where(eq(files.id, id));
    expect(row?.store).toBe("s3");

    const down = await ctx.app.inject({ method: "GET", url: `/api/files/${id}`, headers: { cookie: client.cookie } });
    expect(down.statusCode).toBe(302);
    const presigned = new URL(down.headers.location as string);
    expect(presigned.origin).toBe(s3.config.endpoint);
    expect(presigned.searchParams.get("X-Amz-Expires")).toBe("60");
    const fetched = await fetch(presigned);
    expect(fetched.headers.get("content-disposition")).toBe('attachment; filename="In S3.pdf"');
    expect(Buffer.from(await fetched.arrayBuffer()).equals(pdf)).toBe(true);

    // An object whose row is gone (a crash between the two deletions) goes at the next sweep, the file kept.
    const orphan = "00000000-0000-4000-8000-0000000000ab";
    const left = await keysAfterSweep(orphan, "left behind");
    expect(left).not.toContain(orphan);
    expect(left).toContain(id);
  });

  it("reclaims a removed file's object, and leaves keys under the prefix that are no file's alone", async () => {
    const { id } = await uploadPdf("Removed.pdf", Buffer.from("%PDF-1.7\n% removed\n"));
    // An administrator's removal whose deletion in S3 failed: the row says removed, the object is there.
    await ctx.database.db.update(files).set({ removedAt: ctx.clock.now() }).where(eq(files.id, id));
    const foreign = "backups/2026-11-28.tar";
    const left = await keysAfterSweep(foreign, "not the app's");
    expect(left).not.toContain(id);
    expect(left).toContain(foreign);
    await store.remove([foreign]);
  });
});
