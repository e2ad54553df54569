#!/usr/bin/env node
// `npm run test:slowest`: the 20 slowest test files and the 20 slowest tests of the last `npm test`,
// read from the JSON reports it writes (vitest's JSON reporter, one report a test project, in
// .test-reports/). Measure with this before making the suite faster, and after.
// Usage: node scripts/slowest-tests.mjs [--top N] [report.json ...]
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const REPORTS_DIR = path.join(root, ".test-reports");

const args = process.argv.slice(2);
const topAt = args.indexOf("--top");
const top = topAt === -1 ? 20 : Number(args[topAt + 1]);
const named = args.filter((_, i) => topAt === -1 || (i !== topAt && i !== topAt + 1));
const reports = named.length
  ? named
  : fs.existsSync(REPORTS_DIR)
    ? fs
        .readdirSync(REPORTS_DIR)
        .filter((n) => n.endsWith(".json"))
        .map((n) => path.join(REPORTS_DIR, n))
    : [];
if (reports.length === 0) {
  console.error(`No reports in ${path.relative(root, REPORTS_DIR)}/: run \`npm test\` (or a test step of it) first.`);
  process.exit(1);
}

const files = [];
const tests = [];
for (const report of reports) {
  const project = path.basename(report, ".json");
  const { testResults } = JSON.parse(fs.readFileSync(report, "utf8"));
  for (const file of testResults) {
    const name = path.relative(root, file.name);
    files.push({ project, name, seconds: (file.endTime - file.startTime) / 1000, count: file.assertionResults.length });
    for (const t of file.assertionResults) {
      tests.push({ project, name: `${name} > ${t.fullName}`, seconds: (t.duration ?? 0) / 1000 });
    }
  }
}

const seconds = (s) => `${s.toFixed(1).padStart(6)} s`;
const table = (title, rows, describe) => {
  console.log(`\n${title}`);
  for (const r of rows.sort((a, b) => b.seconds - a.seconds).slice(0, top)) {
    console.log(`${seconds(r.seconds)}  ${r.project.padEnd(12)}  ${describe(r)}`);
  }
};
const total = (project) => files.filter((f) => f.project === project).reduce((sum, f) => sum + f.seconds, 0);
console.log(
  "Per project: files, tests, and the sum of the files' durations (files run side by side, so the wall time is less)",
);
for (const project of [...new Set(files.map((f) => f.project))]) {
  const ofProject = files.filter((f) => f.project === project);
  const count = ofProject.reduce((sum, f) => sum + f.count, 0);
  console.log(
    `  ${project.padEnd(12)}  ${String(ofProject.length).padStart(4)} files  ${String(count).padStart(5)} tests  ${seconds(total(project))}`,
  );
}
table(`The ${top} slowest files`, files, (r) => `${r.name} (${r.count} tests)`);
table(`The ${top} slowest tests`, tests, (r) => r.name);
