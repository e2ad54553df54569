// Where files are kept and whether they are scanned (decision 176), read from the environment with the
// rest of the configuration (config.ts extends its schema with this one). Files live in the database
// unless STORAGE_URL or S3_BUCKET names S3-compatible storage; uploads are scanned when CLAMD_URL is set.
import { z } from "zod";

export type StorageConfig =
  | { kind: "database" }
  | {
      kind: "s3";
      bucket: string;
      /** Keys start with it ("automatch/"), so that the bucket may hold other things. */
      prefix: string;
      region: string;
      /** An S3-compatible service's address (MinIO, R2, a test's server); null: AWS itself. */
      endpoint: string | null;
      forcePathStyle: boolean;
      /** Null: the AWS SDK's own chain (an instance role, a profile). */
      credentials: { accessKeyId: string; secretAccessKey: string } | null;
    };

/** clamd's address: a TCP host and port, or a unix socket's path. */
export type ClamdConfig = { host: string; port: number } | { socketPath: string };

export type FilesConfig = { storage: StorageConfig; clamd: ClamdConfig | null };

const bool = z
  .enum(["true", "false", "1", "0", "yes", "no"])
  .transform((v) => v === "true" || v === "1" || v === "yes");

export const filesEnvSchema = z.object({
  /**
   * S3-compatible storage in one address: s3://KEY:SECRET@bucket/prefix?region=eu-west-1&endpoint=http://minio:9000
   * (credentials, prefix, region and endpoint optional; an endpoint implies path-style addressing).
   */
  STORAGE_URL: z
    .url({ protocol: /^s3$/, error: "must be an s3:// URL: s3://KEY:SECRET@bucket/prefix?region=...&endpoint=..." })
    .optional(),
  /** Or the usual separate settings. */
  S3_BUCKET: z.string().min(3).optional(),
  S3_PREFIX: z.string().optional(),
  S3_ENDPOINT: z.url({ protocol: /^https?$/, error: "must be an http(s) URL" }).optional(),
  S3_FORCE_PATH_STYLE: bool.optional(),
  AWS_REGION: z.string().min(1).optional(),
  AWS_ACCESS_KEY_ID: z.string().min(1).optional(),
  AWS_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** clamd, to scan every upload: tcp://host:3310 or unix:///run/clamav/clamd.ctl. */
  CLAMD_URL: z
    .string()
    .regex(/^(tcp:\/\/[^:/]+:\d+|unix:\/\/\/.+)$/, "must be tcp://host:port or unix:///path/to/clamd.ctl")
    .optional(),
});

type FilesEnv = z.infer<typeof filesEnvSchema>;

/**
 * The folder of the app's objects, "files/" unless one is given: the sweep removes what under it is no
 * file of the app's, so it never spans a whole bucket shared with something else.
 */
const folderOf = (prefix: string) => (prefix === "" ? "files/" : prefix.endsWith("/") ? prefix : `${prefix}/`);

function storageConfig(e: FilesEnv): StorageConfig {
  if (e.STORAGE_URL) {
    const url = new URL(e.STORAGE_URL);
    const endpoint = url.searchParams.get("endpoint");
    const user = decodeURIComponent(url.username);
    const password = decodeURIComponent(url.password);
    return {
      kind: "s3",
      bucket: url.hostname,
      prefix: folderOf(decodeURIComponent(url.pathname.replace(/^\//, ""))),
      region: url.searchParams.get("region") ?? e.AWS_REGION ?? "us-east-1",
      endpoint,
      forcePathStyle: endpoint !== null || url.searchParams.get("forcePathStyle") === "true",
      credentials: user && password ? { accessKeyId: user, secretAccessKey: password } : null,
    };
  }
  if (e.S3_BUCKET) {
    return {
      kind: "s3",
      bucket: e.S3_BUCKET,
      prefix: folderOf(e.S3_PREFIX ?? ""),
      region: e.AWS_REGION ?? "us-east-1",
      endpoint: e.S3_ENDPOINT ?? null,
      forcePathStyle: e.S3_FORCE_PATH_STYLE ?? e.S3_ENDPOINT !== undefined,
      credentials:
        e.AWS_ACCESS_KEY_ID && e.AWS_SECRET_ACCESS_KEY
          ? { accessKeyId: e.AWS_ACCESS_KEY_ID, secretAccessKey: e.AWS_SECRET_ACCESS_KEY }
          : null,
    };
  }
  return { kind: "database" };
}

function clamdConfig(url: string | undefined): ClamdConfig | null {
  if (!url) return null;
  if (url.startsWith("unix://")) return { socketPath: url.slice("unix://".length) };
  const parsed = new URL(url);
  return { host: parsed.hostname, port: Number(parsed.port) };
}

export function filesConfig(e: FilesEnv): FilesConfig {
  return { storage: storageConfig(e), clamd: clamdConfig(e.CLAMD_URL) };
}

/**
 * Where the browser fetches files from S3 (presigned URLs): the page's Content-Security-Policy lets
 * images load from it, for previews. Null when files are served by the app.
 */
export function storageOrigin(storage: StorageConfig): string | null {
  if (storage.kind !== "s3") return null;
  if (storage.endpoint) return new URL(storage.endpoint).origin;
  return storage.forcePathStyle
    ? `https://s3.${storage.region}.amazonaws.com`
    : `https://${storage.bucket}.s3.${storage.region}.amazonaws.com`;
}
