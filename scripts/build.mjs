#!/usr/bin/env node
// `npm run build`: the web app (scripts/build-web.ts), then the server (scripts/build-server.mjs). A
// build that finished writes a fingerprint of its sources into dist/; with `--if-changed` (what
// `npm start` runs) a build whose fingerprint matches the sources is kept instead of made again, so a
// restart takes seconds rather than a build's (scripts/build-fingerprint.mjs, decision 168). Any other
// option (`--quiet`) goes to the web build.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { forgetBuild, isBuildOf, recordBuild, sourcesFingerprint } from "./build-fingerprint.mjs";

const root = path.resolve(import.meta.dirname, "..");
const args = process.argv.slice(2);
const webArgs = args.filter((a) => a !== "--if-changed");
const fingerprint = sourcesFingerprint(root);

if (args.includes("--if-changed") && isBuildOf(root, fingerprint)) {
  console.log("The build in dist/ is of these sources: starting it (`npm run build` builds anew).");
  process.exit(0);
}

forgetBuild(root);
const run = (cmd, cmdArgs) => spawnSync(cmd, cmdArgs, { cwd: root, stdio: "inherit" }).status === 0;
const tsx = path.join(root, "node_modules", ".bin", "tsx");
if (!run(tsx, ["scripts/build-web.ts", ...webArgs]) || !run(process.execPath, ["scripts/build-server.mjs"])) {
  process.exit(1);
}
recordBuild(root, fingerprint);
