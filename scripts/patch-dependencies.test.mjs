// The fixes npm install makes to installed packages (scripts/patch-dependencies.mjs, decision 183):
// `node --test scripts/patch-dependencies.test.mjs` (npm test runs it in the step "tests of npm test's scripts").
// That the installed PGlite is fixed and still parses: src/server/db/pglite-fix.unit.test.ts.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { test } from "node:test";
import { applyFixes, FIXES } from "./patch-dependencies.mjs";

/** A made-up install holding each fixed file with `text(fix)` in it. */
function install(text) {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "patch-dependencies-"));
  for (const fix of FIXES) {
    fs.mkdirSync(path.dirname(path.join(root, fix.file)), { recursive: true });
    fs.writeFileSync(path.join(root, fix.file), `before;${text(fix)};after`);
  }
  return root;
}

test("each fix replaces its text once, and a second run changes nothing", () => {
  const root = install((fix) => fix.from);
  assert.deepEqual(
    applyFixes(root),
    FIXES.map((f) => `${f.file}: fixed`),
  );
  for (const fix of FIXES) assert.equal(fs.readFileSync(path.join(root, fix.file), "utf8"), `before;${fix.to};after`);
  assert.deepEqual(
    applyFixes(root),
    FIXES.map((f) => `${f.file}: fixed already`),
  );
});

test("a file without the text it fixes (a new version) stops the install with what to check", () => {
  const root = install(() => "something else");
  assert.throws(() => applyFixes(root), /does not hold the text .* \(decision 183\)/);
});

test("run by npm install from a folder whose path needs escaping in a URL, it makes the fixes", () => {
  // The script finds the install from its own place: a copy of it in the made-up install's scripts/.
  const root = install((fix) => fix.from);
  const project = path.join(root, "a project #1 (ü)");
  fs.mkdirSync(path.join(project, "scripts"), { recursive: true });
  fs.cpSync(path.join(root, "node_modules"), path.join(project, "node_modules"), { recursive: true });
  fs.copyFileSync(new URL("./patch-dependencies.mjs", import.meta.url), path.join(project, "scripts", "p.mjs"));
  const run = spawnSync(process.execPath, ["scripts/p.mjs"], { cwd: project, encoding: "utf8" });
  assert.equal(run.status, 0, run.stderr);
  for (const fix of FIXES) {
    assert.equal(fs.readFileSync(path.join(project, fix.file), "utf8"), `before;${fix.to};after`);
  }
});
