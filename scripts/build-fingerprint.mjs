// Whether the build in dist/ was made from the sources as they are (scripts/build.mjs, decision 168): a
// finished build writes a fingerprint of its sources beside its output, and `npm start` builds again
// only when the sources' fingerprint differs or an output is missing.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";

/** Where a finished build keeps the fingerprint of its sources, under the project's root. */
const STAMP = path.join("dist", "build-inputs.sha256");
/** What a build is made from: every source and script, the dependencies' locked versions, the configuration. */
const INPUT_FOLDERS = ["src", "scripts"];
const INPUT_FILES = ["package.json", "package-lock.json", "tsconfig.json", "vite.config.ts"];
/**
 * Tests are no build's input: editing one must not make `npm start` build again, nor make the process
 * tests run the server from its sources while the build is current.
 */
const TEST_FILE = /\.test\.[cm]?[jt]sx?$/;
/** What a build leaves that `npm start` serves. */
const OUTPUTS = ["dist/server/main.js", "dist/web/index.html"];

/** A hash of every input's path and content under `root`, and of the Node version that builds. */
export function sourcesFingerprint(root) {
  const hash = crypto.createHash("sha256").update(`node ${process.version}\n`);
  const files = [
    ...INPUT_FOLDERS.filter((folder) => fs.existsSync(path.join(root, folder))).flatMap((folder) =>
      fs
        .readdirSync(path.join(root, folder), { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile() && !TEST_FILE.test(entry.name))
        .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name))),
    ),
    ...INPUT_FILES.filter((file) => fs.existsSync(path.join(root, file))),
  ].sort();
  for (const file of files) {
    hash
      .update(`${file}\n`)
      .update(fs.readFileSync(path.join(root, file)))
      .update("\n");
  }
  return hash.digest("hex");
}

/** True when the build under `root` finished and was made from sources with this fingerprint. */
export function isBuildOf(root, fingerprint) {
  const stamp = path.join(root, STAMP);
  const built = fs.existsSync(stamp) ? fs.readFileSync(stamp, "utf8").trim() : null;
  return built === fingerprint && OUTPUTS.every((file) => fs.existsSync(path.join(root, file)));
}

/** Forgets the fingerprint before a build starts, so that one cut short is never taken for current. */
export function forgetBuild(root) {
  fs.rmSync(path.join(root, STAMP), { force: true });
}

/** Records that the build under `root` finished, made from sources with this fingerprint. */
export function recordBuild(root, fingerprint) {
  fs.writeFileSync(path.join(root, STAMP), `${fingerprint}\n`);
}
