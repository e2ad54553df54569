// An upload's bytes on their way into a store (decision 176): counted against the size limit as they
// stream, their type read from their first bytes, scanned by clamd when one is configured; only then is
// the row `ready`. Whatever is refused leaves neither content nor row behind.
import { finished, type Readable, Transform, type TransformCallback } from "node:stream";
import { FILE_MAX_BYTES, FILE_MESSAGES } from "@/shared/files";
import type { Db } from "../../db/client";
import type { FileRow } from "../../db/schema/files";
import { AppError, BadRequestError, ConflictError, ServiceUnavailableError } from "../../errors";
import type { ClamdConfig } from "../../files-config";
import { ClamdUnavailableError, scanWithClamd } from "./clamd";
import { detectFileType, SAMPLE_BYTES } from "./detect";
import * as q from "./queries";
import type { FileStore, FileStores } from "./store";

export class FileTooLargeError extends AppError {
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
 * Writes upload `id`'s content from `body` to `store` and marks its row ready: the ready row, or the
 * refusal's error once the content and the row are gone.
 */
export async function storeUpload(
  deps: { db: Db; files: Pick<FileStores, "clamd"> },
  store: FileStore,
  id: string,
  name: string,
  body: Readable,
): Promise<FileRow> {
  let stored = false;
  try {
    const measure = new Measure(name);
    // The client leaving mid-body, or before it got here (the body is already destroyed), fails the
    // measure, and the store's write with it; the store removes what it wrote. The body itself is not
    // destroyed on a refusal: the answer still goes out on its connection.
    let interrupted = false;
    body.pipe(measure);
    finished(body, (err) => {
      if (!err) return;
      interrupted = true;
      measure.destroy(err);
    });
    const written = await store.write(id, measure).catch((err: unknown) => {
      if (measure.errored instanceof AppError) throw measure.errored;
      throw interrupted ? new BadRequestError("The upload was interrupted.") : err;
    });
    stored = true;
    if (written.size === 0) throw new BadRequestError(FILE_MESSAGES.empty(name));
    const type = await detectFileType(measure.sample(), name);
    if (!type.ok) throw new AppError(415, type.message);
    if (deps.files.clamd) await scan(deps.files.clamd, store.read(id), name);
    const row = await q.markReady(deps.db, id, {
      size: written.size,
      sha256: written.sha256,
      contentType: type.mime,
      kind: type.kind,
    });
    if (!row) throw new ConflictError("The upload was removed while it was being stored.");
    return row;
  } catch (err) {
    if (stored) await store.remove([id]);
    await q.deleteRow(deps.db, id);
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
