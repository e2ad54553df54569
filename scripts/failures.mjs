// What `npm test` names again at its end when something failed (scripts/test.mjs): each failed test and
// file with the first lines of its error, from vitest's JSON reports, and, for what a report leaves out
// (an unhandled error, a worker that died), the failed projects' own lines about it. The last screen of
// a long run is all a CI page may keep.
import fs from "node:fs";
import path from "node:path";
import { stripVTControlCharacters } from "node:util";

/** The first `n` non-empty lines of `text`, without terminal colours. */
function firstLines(text, n) {
  return stripVTControlCharacters(String(text ?? ""))
    .split("\n")
    .map((l) => l.trimEnd())
    .filter(Boolean)
    .slice(0, n);
}

/**
 * The lines that say what failed: `reportsDir` holds one vitest JSON report a project (named after it),
 * `failedOutputs` maps a failed project's name to everything it printed. [] when nothing failed.
 */
export function failureLines(reportsDir, failedOutputs, root) {
  const lines = [];
  const reports = fs.existsSync(reportsDir) ? fs.readdirSync(reportsDir).filter((f) => f.endsWith(".json")) : [];
  for (const file of reports.sort()) {
    let report;
    try {
      report = JSON.parse(fs.readFileSync(path.join(reportsDir, file), "utf8"));
    } catch {
      continue;
    }
    for (const result of report.testResults ?? []) {
      const where = `${file.replace(/\.json$/, "")} ${path.relative(root, result.name)}`;
      const failed = (result.assertionResults ?? []).filter((t) => t.status === "failed");
      for (const t of failed) {
        lines.push(`  ${where} > ${t.fullName}`);
        for (const l of firstLines(t.failureMessages?.join("\n"), 6)) lines.push(`      ${l}`);
      }
      if (failed.length === 0 && result.status === "failed") {
        lines.push(`  ${where} (the file failed)`);
        for (const l of firstLines(result.message, 6)) lines.push(`      ${l}`);
      }
    }
  }
  for (const [name, output] of failedOutputs) {
    const text = firstLines(output, Number.POSITIVE_INFINITY);
    const at = text.findIndex((l) => /Unhandled (Errors?|Rejection)|Error: \[vitest|Worker exited/.test(l));
    if (at >= 0) {
      lines.push(`  ${name}: what it printed of errors outside a test`);
      for (const l of text.slice(at, at + 12)) lines.push(`      ${l}`);
    }
  }
  return lines.slice(0, 120);
}
