// Where files are kept and whether uploads are scanned (decision 176), as the environment says.
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config";
import { contentSecurityPolicy } from "./http/security-headers";

describe("files config", () => {
  it("keeps files in the database and scans nothing by default", () => {
    expect(loadConfig({}).files).toEqual({ storage: { kind: "database" }, clamd: null });
  });

  it("reads S3-compatible storage from one STORAGE_URL", () => {
    const { storage } = loadConfig({
      STORAGE_URL: "s3://AKIA%2BKEY:s3cr%2Ft@uploads/automatch?region=eu-west-1&endpoint=http://minio:9000",
    }).files;
    expect(storage).toEqual({
      kind: "s3",
      bucket: "uploads",
      prefix: "automatch/",
      region: "eu-west-1",
      endpoint: "http://minio:9000",
      forcePathStyle: true,
      credentials: { accessKeyId: "AKIA+KEY", secretAccessKey: "s3cr/t" },
    });
  });

  it("keeps objects under files/ when a STORAGE_URL names no folder", () => {
    const { storage } = loadConfig({ STORAGE_URL: "s3://uploads" }).files;
    expect(storage).toMatchObject({ bucket: "uploads", prefix: "files/" });
  });

  it("reads the usual separate S3 settings, leaving credentials to the AWS SDK's chain when they are not given", () => {
    const { storage } = loadConfig({ S3_BUCKET: "automatch-files", AWS_REGION: "us-west-2" }).files;
    expect(storage).toEqual({
      kind: "s3",
      bucket: "automatch-files",
      // Never the whole bucket: the sweep removes what under the prefix is no file of the app's.
      prefix: "files/",
      region: "us-west-2",
      endpoint: null,
      forcePathStyle: false,
      credentials: null,
    });
  });

  it("reads clamd's address over TCP or a unix socket, and names a bad one", () => {
    expect(loadConfig({ CLAMD_URL: "tcp://clamd:3310" }).files.clamd).toEqual({ host: "clamd", port: 3310 });
    expect(loadConfig({ CLAMD_URL: "unix:///run/clamav/clamd.ctl" }).files.clamd).toEqual({
      socketPath: "/run/clamav/clamd.ctl",
    });
    expect(() => loadConfig({ CLAMD_URL: "clamd:3310" })).toThrow(ConfigError);
    expect(() => loadConfig({ STORAGE_URL: "https://bucket.s3.amazonaws.com" })).toThrow(/STORAGE_URL/);
  });

  it("lets pages show image previews from the bucket, and from nowhere else, when files are in S3", () => {
    const imgSrc = (env: Record<string, string>) => contentSecurityPolicy(loadConfig(env))["img-src"];
    expect(imgSrc({})).toEqual(["'self'", "data:"]);
    expect(imgSrc({ S3_BUCKET: "files", AWS_REGION: "eu-west-1" })).toEqual([
      "'self'",
      "data:",
      "https://files.s3.eu-west-1.amazonaws.com",
    ]);
    expect(imgSrc({ STORAGE_URL: "s3://k:s@files?endpoint=https://minio.example.com:9000/" })).toContain(
      "https://minio.example.com:9000",
    );
  });
});
