// A real S3-compatible server for the tests (s3rver, in-process, on the loopback), with one empty bucket
// in a folder of its own: the S3 store is tested against the protocol the AWS SDK speaks. s3rver 3.7
// has no AbortMultipartUpload (it answers 405), so this adds one, and counts the multipart uploads left
// open on its disk: a failed write must leave none.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
// @ts-expect-error s3rver ships no types
import S3rver from "s3rver";
import type { StorageConfig } from "../files-config";

export type TestS3 = {
  config: Extract<StorageConfig, { kind: "s3" }>;
  /** Multipart uploads begun and neither completed nor aborted. */
  openUploads: () => number;
  close: () => Promise<void>;
};

type KoaContext = { method: string; path: string; query: Record<string, unknown>; status: number };
type KoaMiddleware = (ctx: KoaContext, next: () => Promise<void>) => Promise<void>;

export async function startS3Server(bucket = "automatch-test"): Promise<TestS3> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "automatch-s3-"));
  // Where s3rver's filesystem store keeps the parts of each open upload, one folder per upload id.
  const uploads = path.join(directory, bucket, "._S3rver_uploads");
  const server = new S3rver({
    port: 0,
    address: "127.0.0.1",
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const abortMultipartUpload: KoaMiddleware = async (ctx, next) => {
    const uploadId = ctx.query.uploadId;
    if (ctx.method !== "DELETE" || typeof uploadId !== "string" || !ctx.path.startsWith(`/${bucket}/`)) {
      return next();
    }
    if (!/^[0-9a-f]+$/.test(uploadId)) {
      ctx.status = 400;
      return;
    }
    fs.rmSync(path.join(uploads, uploadId), { recursive: true, force: true });
    ctx.status = 204;
  };
  // Before the router, the last of s3rver's middleware (Koa composes the list when the server starts).
  const middleware = (server as { middleware: KoaMiddleware[] }).middleware;
  middleware.splice(middleware.length - 1, 0, abortMultipartUpload);
  const { port } = (await server.run()) as { port: number };
  return {
    config: {
      kind: "s3",
      bucket,
      prefix: "files/",
      region: "us-east-1",
      endpoint: `http://127.0.0.1:${port}`,
      forcePathStyle: true,
      credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
    },
    openUploads: () => (fs.existsSync(uploads) ? fs.readdirSync(uploads).length : 0),
    close: async () => {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
