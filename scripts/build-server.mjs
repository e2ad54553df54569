#!/usr/bin/env node
// `npm run build:server`: compiles the server to dist/server/main.js (decision 127), so that
// production runs `node` on plain JavaScript instead of compiling TypeScript at every start.
// One bundle of the project's own code (the `@/` alias resolved through tsconfig.json); packages stay
// in node_modules, imported as they are. The migrations travel beside the bundle, where
// src/server/db/client.ts looks for them (next to the module that runs).
import fs from "node:fs";
import path from "node:path";
import { build } from "esbuild";

const root = path.resolve(import.meta.dirname, "..");
const outdir = path.join(root, "dist", "server");

fs.rmSync(outdir, { recursive: true, force: true });
await build({
  absWorkingDir: root,
  entryPoints: { main: "src/server/main.ts" },
  outdir,
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  tsconfig: "tsconfig.json",
  // Stack traces in the log name the TypeScript lines (`node --enable-source-maps`).
  sourcemap: "linked",
  logLevel: "warning",
});
fs.cpSync(path.join(root, "src", "server", "db", "migrations"), path.join(outdir, "migrations"), { recursive: true });
