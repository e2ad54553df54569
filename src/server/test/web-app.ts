// An app serving a built web app of the test's own: the files are written into a temporary folder before
// the tests around the call, the app serves its `web/` folder, and both go after the tests.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll } from "vitest";
import { buildApp } from "../app";
import { sharedTestContext } from "./shared-context";

/** A new temporary folder holding `files` (a path below it to its text); the caller removes it. */
export function writeTempFolder(files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "automatch-web-"));
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), text);
  }
  return dir;
}

/**
 * `files` maps a path below the folder (`web/index.html`, `web-ssr/prerender.js`) to its text; `prepare`
 * runs on the web folder once they are written (the build's compression, say).
 */
export function sharedWebApp(
  env: Record<string, string>,
  files: Record<string, string>,
  prepare?: (webRoot: string) => Promise<unknown>,
) {
  const ctx = sharedTestContext(env);
  const web = {} as { app: FastifyInstance };
  let dir = "";
  beforeAll(async () => {
    dir = writeTempFolder(files);
    const webRoot = path.join(dir, "web");
    await prepare?.(webRoot);
    web.app = await buildApp(ctx.deps, { serveWeb: true, webRoot });
  });
  afterAll(async () => {
    await web.app?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });
  const get = (url: string, headers: Record<string, string> = {}) => web.app.inject({ method: "GET", url, headers });
  return { ctx, web, get };
}
