#!/usr/bin/env node
// `npm run check:duplication`: the copy-paste budget (decision 086). jscpd counts the clones in src, e2e,
// bench and scripts (.jscpd.json); the count may not exceed the budget written in the decision record, so
// that raising it takes a line there saying why. Over budget, it lists the clones added since the record
// last changed, as `file:lines ~ file:lines`, so that whoever added one can take it out again.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(import.meta.dirname, "..");
const record = "docs/decisions/086-copy-paste-budget.md";
// The package's launcher, which runs the prebuilt binary for this platform (jscpd 5 is written in Rust).
const jscpd = path.join(path.dirname(fileURLToPath(import.meta.resolve("jscpd/package.json"))), "run-jscpd.js");

function readBudget() {
  const text = fs.readFileSync(path.join(root, record), "utf8");
  const match = /^Budget:\s*(\d+)\s+clones\b/m.exec(text);
  if (!match) throw new Error(`${record} has no line "Budget: <number> clones"`);
  return Number(match[1]);
}

/** jscpd's JSON report of the tree; with `baseRef`, the clones absent from that commit's tree are marked `isNew`. */
function detect(baseRef) {
  const out = fs.mkdtempSync(path.join(os.tmpdir(), "jscpd-"));
  try {
    const args = ["--config", ".jscpd.json", "--absolute", "--reporters", "json", "--output", out, "--silent"];
    if (baseRef) args.push("--baseline-from-ref", baseRef);
    const r = spawnSync(process.execPath, [jscpd, ...args], { cwd: root, encoding: "utf8" });
    const report = path.join(out, "jscpd-report.json");
    if (r.status !== 0 || !fs.existsSync(report)) {
      throw new Error(`jscpd failed (exit ${r.status}):\n${r.stderr}${r.stdout}`);
    }
    return JSON.parse(fs.readFileSync(report, "utf8"));
  } finally {
    fs.rmSync(out, { recursive: true, force: true });
  }
}

/**
 * The commit that last set the budget (HEAD while the record is not committed yet), or null outside a
 * git checkout: then every clone is listed.
 */
function budgetCommit() {
  const git = (...args) => spawnSync("git", args, { cwd: root, encoding: "utf8" });
  const r = git("log", "-1", "--format=%H", "--", record);
  if (r.status !== 0) return null;
  return r.stdout.trim() || git("rev-parse", "HEAD").stdout.trim() || null;
}

const where = (f) => `${path.relative(root, f.name)}:${f.start}-${f.end}`;
const describe = (d) => `  ${where(d.firstFile)} ~ ${where(d.secondFile)} (${d.lines} lines)`;

const budget = readBudget();
const report = detect(null);
const count = report.duplicates.length;
console.log(`copy-paste: ${count} clones, budget ${budget} (${record})`);

if (count < budget) {
  console.log(`under budget: lower the budget to ${count} in ${record} to keep the gain.`);
}
if (count > budget) {
  const base = budgetCommit();
  let listed = report.duplicates;
  let heading = "every clone (no git history to tell the new ones):";
  if (base) {
    try {
      listed = detect(base).duplicates.filter((d) => d.isNew);
      heading = `clones added since the budget was set (${base.slice(0, 10)}):`;
    } catch (err) {
      console.error(`could not compare with ${base.slice(0, 10)}: ${err.message}`);
    }
  }
  const over = count - budget;
  console.error(`\n${over} ${over === 1 ? "clone" : "clones"} over the budget. ${heading}`);
  for (const d of listed) console.error(describe(d));
  console.error(
    `\nTake the copies out (one shared function or component), or raise the budget in ${record} ` +
      "with a line saying why.",
  );
  process.exit(1);
}
