// Compressed answers (decision 119) and the prerendered pages (decision 121), on real answers: the
// build's `.br` and `.gz` files chosen by Accept-Encoding, API answers compressed above the threshold,
// and the marketing pages' HTML served in place of the app's shell.
import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { PRERENDERED_DIR } from "@/shared/page-meta";
import { precompressFolder } from "../../../scripts/precompress";
import { sharedWebApp } from "../test/web-app";
import { COMPRESSION_THRESHOLD_BYTES } from "./compression";

// Large enough to be worth compressing, and to tell a compressed body from the file.
const SCRIPT = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `word-${i}`))};\n`;
const SHELL = `<!doctype html><html><head><title>t</title></head><body><div id="root"></div>${"<!-- shell -->".repeat(100)}</body></html>`;
const LANDING = `<!doctype html><html><head><title>t</title></head><body><div id="root"><h1>Landing</h1>${"<p>prerendered</p>".repeat(100)}</div></body></html>`;

// A built web app of its own, compressed as the build does it.
const { web, get } = sharedWebApp(
  {},
  {
    "web/index.html": SHELL,
    "web/assets/index-abc123.js": SCRIPT,
    [`web/${PRERENDERED_DIR}/index.html`]: LANDING,
  },
  precompressFolder,
);

describe("built assets", () => {
  it("are the brotli file when brotli is accepted, gzip when only gzip is, the file itself otherwise", async () => {
    const br = await get("/assets/index-abc123.js", { "accept-encoding": "gzip, deflate, br" });
    expect(br.statusCode).toBe(200);
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers["content-type"]).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT);
    expect(br.rawPayload.length).toBeLessThan(SCRIPT.length / 2);

    const gzip = await get("/assets/index-abc123.js", { "accept-encoding": "gzip" });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gzip.headers.vary).toMatch(/accept-encoding/i);
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(SCRIPT);

    const identity = await get("/assets/index-abc123.js", { "accept-encoding": "identity" });
    expect(identity.headers["content-encoding"]).toBeUndefined();
    expect(identity.headers.vary).toMatch(/accept-encoding/i);
    expect(identity.body).toBe(SCRIPT);
  });

  it("answer HEAD and a revalidation without a body", async () => {
    const head = await web.app.inject({
      method: "HEAD",
      url: "/assets/index-abc123.js",
      headers: { "accept-encoding": "br" },
    });
    expect(head.statusCode).toBe(200);
    expect(head.rawPayload.length).toBe(0);
    const first = await get("/assets/index-abc123.js", { "accept-encoding": "br" });
    const again = await get("/assets/index-abc123.js", {
      "accept-encoding": "br",
      "if-none-match": String(first.headers.etag),
    });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
  });
});

describe("pages", () => {
  it("send a marketing page's prerendered HTML, compressed, and the shell elsewhere", async () => {
    const landing = await get("/", { "accept-encoding": "br" });
    expect(landing.headers["content-encoding"]).toBe("br");
    expect(landing.headers["cache-control"]).toBe("no-cache");
    expect(zlib.brotliDecompressSync(landing.rawPayload).toString()).toContain("<h1>Landing</h1>");

    const other = await get("/dashboard", { "accept-encoding": "gzip" });
    expect(other.headers["content-encoding"]).toBe("gzip");
    expect(zlib.gunzipSync(other.rawPayload).toString()).toContain('<div id="root"></div>');
  });

  it("send the shell at / to a browser with a session cookie, whose / is the dashboard", async () => {
    const res = await get("/", { cookie: "sid=whatever" });
    expect(res.body).toContain('<div id="root"></div>');
    expect(res.body).not.toContain("<h1>Landing</h1>");
    // A shared cache must not give one visitor's answer to the other.
    expect(res.headers.vary).toMatch(/cookie/i);
  });

  it("are not served as files from the prerendered folder", async () => {
    const res = await get(`/${PRERENDERED_DIR}/index.html`);
    expect(res.body).not.toContain("<h1>Landing</h1>");
  });
});

describe("API answers", () => {
  it("are compressed above the threshold", async () => {
    const res = await get("/api/docs/json", { "accept-encoding": "br, gzip" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-encoding"]).toBe("br");
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    const body = zlib.brotliDecompressSync(res.rawPayload);
    expect(body.length).toBeGreaterThan(COMPRESSION_THRESHOLD_BYTES);
    expect(JSON.parse(body.toString()).openapi).toMatch(/^3\./);
  });

  it("go as they are below it, keeping no-store", async () => {
    // A route of the app's (the compression hooks are a route's), answering a few bytes.
    const res = await get("/api/auth/user", { "accept-encoding": "br, gzip" });
    expect(res.statusCode).toBe(401);
    expect(res.rawPayload.length).toBeLessThan(COMPRESSION_THRESHOLD_BYTES);
    expect(res.headers["content-encoding"]).toBeUndefined();
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(res.json()).toEqual({ message: "Not signed in." });
  });

  it("are not compressed for a client that accepts no encoding", async () => {
    const res = await get("/api/docs/json", { "accept-encoding": "identity" });
    expect(res.headers["content-encoding"]).toBeUndefined();
    expect(JSON.parse(res.body).openapi).toMatch(/^3\./);
  });
});
