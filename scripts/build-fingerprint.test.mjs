// When `npm start` builds again (scripts/build-fingerprint.mjs), on small made-up projects:
// `node --test scripts/build-fingerprint.test.mjs` (npm test runs it in the step "tests of npm test's scripts").
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { test } from "node:test";
import { forgetBuild, isBuildOf, recordBuild, sourcesFingerprint } from "./build-fingerprint.mjs";

/** A project with sources, a lock file and a finished build's outputs, in a folder of its own. */
function project() {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "build-fingerprint-"));
  const files = {
    "src/server/main.ts": "export {};\n",
    "src/web/app.tsx": "export const App = 1;\n",
    "scripts/build-web.ts": "// builds\n",
    "package-lock.json": "{}\n",
    "dist/server/main.js": "// built\n",
    "dist/web/index.html": "<!doctype html>\n",
  };
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  }
  return root;
}

test("a finished build of the same sources is current; never built, or cut short, it is not", () => {
  const root = project();
  const fingerprint = sourcesFingerprint(root);
  assert.equal(isBuildOf(root, fingerprint), false);
  recordBuild(root, fingerprint);
  assert.equal(isBuildOf(root, sourcesFingerprint(root)), true);
  forgetBuild(root);
  assert.equal(isBuildOf(root, fingerprint), false);
});

test("a changed, added or removed source, or a changed lock file, makes the build out of date", () => {
  const root = project();
  const changes = [
    () => fs.appendFileSync(path.join(root, "src/web/app.tsx"), "// edited\n"),
    () => fs.writeFileSync(path.join(root, "src/server/new.ts"), "export {};\n"),
    () => fs.rmSync(path.join(root, "scripts/build-web.ts")),
    () => fs.writeFileSync(path.join(root, "package-lock.json"), '{"lockfileVersion":3}\n'),
  ];
  for (const change of changes) {
    recordBuild(root, sourcesFingerprint(root));
    change();
    assert.equal(isBuildOf(root, sourcesFingerprint(root)), false, String(change));
  }
});

test("a build whose output is gone is out of date, whatever its fingerprint", () => {
  const root = project();
  recordBuild(root, sourcesFingerprint(root));
  fs.rmSync(path.join(root, "dist/server/main.js"));
  assert.equal(isBuildOf(root, sourcesFingerprint(root)), false);
});

test("a test file, added or edited, leaves the build current", () => {
  const root = project();
  recordBuild(root, sourcesFingerprint(root));
  fs.writeFileSync(path.join(root, "src/server/main.unit.test.ts"), "// a test\n");
  fs.writeFileSync(path.join(root, "scripts/build-web.test.mjs"), "// a test\n");
  assert.equal(isBuildOf(root, sourcesFingerprint(root)), true);
  // A source whose name only looks like a test's is still an input.
  fs.writeFileSync(path.join(root, "src/web/test-page.tsx"), "export {};\n");
  assert.equal(isBuildOf(root, sourcesFingerprint(root)), false);
});
