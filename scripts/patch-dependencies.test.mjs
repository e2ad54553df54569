// The fixes npm install makes to installed packages (scripts/patch-dependencies.mjs, decision 183):
// `node --test scripts/patch-dependencies.test.mjs` (npm test runs it in the step "tests of npm test's scripts").
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { test } from "node:test";
import { PGlite, types } from "@electric-sql/pglite";
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

test("the installed PGlite is fixed, and still parses with its own parsers and those a query brings", async () => {
  const root = path.resolve(import.meta.dirname, "..");
  for (const fix of FIXES) assert.ok(fs.readFileSync(path.join(root, fix.file), "utf8").includes(fix.to), fix.file);
  const db = new PGlite();
  try {
    const sql = "select 7::int4 as n, true as b, '{\"a\":1}'::jsonb as j, '2026-11-28 10:00:00+00'::timestamptz as t";
    const own = (await db.query(sql)).rows[0];
    assert.deepEqual(own, { n: 7, b: true, j: { a: 1 }, t: new Date("2026-11-28T10:00:00Z") });
    // As Drizzle asks: timestamps as the database writes them, everything else as PGlite parses it.
    const asText = (await db.query(sql, [], { parsers: { [types.TIMESTAMPTZ]: (v) => v } })).rows[0];
    assert.deepEqual(asText, { n: 7, b: true, j: { a: 1 }, t: "2026-11-28 10:00:00+00" });
    // The query's parsers stay its own: the next query without them parses timestamps again.
    assert.ok((await db.query(sql)).rows[0].t instanceof Date);
  } finally {
    await db.close();
  }
});
