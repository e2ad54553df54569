// S3-compatible storage (decision 176), when STORAGE_URL or S3_BUCKET is set: each file is one object,
// `<prefix><file id>`. Writing streams through @aws-sdk/lib-storage's multipart Upload (5 MB parts, two
// in flight: memory stays bounded whatever the size); a download is a presigned GET valid 60 seconds
// that carries the download's disposition and type, so the bytes never pass through the app.
import { createHash } from "node:crypto";
import { pipeline, Readable, Transform, type TransformCallback } from "node:stream";
import type { StorageConfig } from "../../files-config";
import { onFirstUse } from "../../first-use";
import { dispositionOf } from "./disposition";
import type { FileStore, WrittenFile } from "./store";

const PART_BYTES = 5 * 1024 * 1024;
const DOWNLOAD_URL_SECONDS = 60;

/**
 * Counts and hashes the bytes on their way to the upload. (Not `size`: lib-storage takes a body's
 * `size` for its length, and would expect no parts at all.)
 */
class Digest extends Transform {
  bytes = 0;
  readonly hash = createHash("sha256");
  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
    this.bytes += chunk.length;
    this.hash.update(chunk);
    done(null, chunk);
  }
}

/**
 * The AWS SDK's three packages, loaded by the store's first call rather than by every start: together
 * they take about a third of a second of CPU to load, which a server storing files on disk never needs.
 */
function loadSdk() {
  return Promise.all([
    import("@aws-sdk/client-s3"),
    import("@aws-sdk/lib-storage"),
    import("@aws-sdk/s3-request-presigner"),
  ]).then(([s3, storage, presigner]) => ({ ...s3, Upload: storage.Upload, getSignedUrl: presigner.getSignedUrl }));
}

export function createS3Store(config: Extract<StorageConfig, { kind: "s3" }>): FileStore {
  // Whether a call asked for the client: close() has nothing to do otherwise.
  let asked = false;
  const client = onFirstUse(async () => {
    const sdk = await loadSdk();
    return {
      sdk,
      client: new sdk.S3Client({
        region: config.region,
        ...(config.endpoint ? { endpoint: config.endpoint } : {}),
        forcePathStyle: config.forcePathStyle,
        // A copy: the SDK marks the object it is given (`$source`), and the configuration is shared.
        ...(config.credentials ? { credentials: { ...config.credentials } } : {}),
        // Checksums only where S3 requires them: S3-compatible services (MinIO, R2, older ones) do not all
        // take the SDK's default CRC32 trailers; the SHA-256 kept in the row is the file's own check.
        requestChecksumCalculation: "WHEN_REQUIRED",
        responseChecksumValidation: "WHEN_REQUIRED",
      }),
    };
  });
  const connect = () => {
    asked = true;
    return client();
  };
  const Bucket = config.bucket;
  const keyOf = (id: string) => `${config.prefix}${id}`;

  async function write(id: string, source: Readable): Promise<WrittenFile> {
    const { sdk, client } = await connect();
    const digest = new Digest();
    // A source that fails, or is destroyed before its end (ERR_STREAM_PREMATURE_CLOSE), fails the digest
    // with the same error, and the upload with it; the pipeline's own callback has nothing left to do.
    pipeline(source, digest, () => {});
    const upload = new sdk.Upload({
      client,
      params: { Bucket, Key: keyOf(id), Body: digest },
      partSize: PART_BYTES,
      queueSize: 2,
      // A failed multipart upload is aborted (its parts deleted) before done() rejects.
      leavePartsOnError: false,
    });
    try {
      await upload.done();
    } catch (err) {
      // The source's error first: the abort that follows it may fail on its own (the network, a service
      // without AbortMultipartUpload) and would otherwise hide why the write failed.
      const cause = digest.errored ?? err;
      source.destroy();
      // Nothing is stored unless done() resolved, but a failure seen only in the answer (a timeout on the
      // last request) may hide an object that was written.
      await client.send(new sdk.DeleteObjectCommand({ Bucket, Key: keyOf(id) })).catch(() => undefined);
      throw cause;
    }
    return { size: digest.bytes, sha256: digest.hash.digest("hex") };
  }

  function read(id: string): Readable {
    // The request starts when the stream is first read from.
    async function* body() {
      const { sdk, client } = await connect();
      const answer = await client.send(new sdk.GetObjectCommand({ Bucket, Key: keyOf(id) }));
      if (!answer.Body) return;
      yield* answer.Body as Readable;
    }
    return Readable.from(body(), { objectMode: false });
  }

  return {
    kind: "s3",
    write,
    read,
    async remove(ids) {
      const { sdk, client } = await connect();
      for (let i = 0; i < ids.length; i += 1000) {
        const Objects = ids.slice(i, i + 1000).map((id) => ({ Key: keyOf(id) }));
        // Quiet: only failures are listed (a key that does not exist is no failure).
        const { Errors } = await client.send(
          new sdk.DeleteObjectsCommand({ Bucket, Delete: { Objects, Quiet: true } }),
        );
        const failed = Errors?.[0];
        if (failed) throw new Error(`S3 did not delete ${failed.Key}: ${failed.Code} ${failed.Message}`);
      }
    },
    async downloadUrl(id, { fileName, contentType, inline }) {
      const { sdk, client } = await connect();
      const command = new sdk.GetObjectCommand({
        Bucket,
        Key: keyOf(id),
        ResponseContentDisposition: dispositionOf(fileName, inline ? "inline" : "attachment"),
        ResponseContentType: contentType,
      });
      return sdk.getSignedUrl(client, command, { expiresIn: DOWNLOAD_URL_SECONDS });
    },
    async *listStored(before) {
      const { sdk, client } = await connect();
      for await (const page of sdk.paginateListObjectsV2({ client }, { Bucket, Prefix: config.prefix })) {
        for (const object of page.Contents ?? []) {
          if (!object.Key || !object.LastModified || object.LastModified >= before) continue;
          yield object.Key.slice(config.prefix.length);
        }
      }
    },
    async close() {
      if (!asked) return;
      (await client().catch(() => undefined))?.client.destroy();
    },
  };
}
