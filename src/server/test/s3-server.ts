// A real S3-compatible server for the tests (s3rver, in-process, on the loopback), with one empty bucket
// in a folder of its own: the S3 store is tested against the protocol the AWS SDK speaks.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
// @ts-expect-error s3rver ships no types
import S3rver from "s3rver";
import type { StorageConfig } from "../files-config";

export type TestS3 = { config: Extract<StorageConfig, { kind: "s3" }>; close: () => Promise<void> };

export async function startS3Server(bucket = "automatch-test"): Promise<TestS3> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "automatch-s3-"));
  const server = new S3rver({
    port: 0,
    address: "127.0.0.1",
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
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
    close: async () => {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
