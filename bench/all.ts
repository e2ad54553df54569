// npm run bench — every benchmark in turn, each in a process of its own (so that one's pools, timers and
// heap do not weigh on the next), then one line each: passed its goals or not. A failing one does not
// stop the others; the exit code is non-zero when any failed.
import { spawnSync } from "node:child_process";
import path from "node:path";

const BENCHES = [
  ["reads", "signed-in reads vs a bare Fastify + node-postgres select (req/s, 10 connections)"],
  ["leads", "submit-to-lead: a burst of 200 and single requests, both databases"],
  ["first-load", "first-load bytes vs a bare React page built in the same run"],
  ["matching", "matching one request at 1k to 1M providers vs scoring every candidate and a plain scan"],
  ["admin", "admin reads with 100k users and 1M requests vs a bare select"],
  ["lists", "lists of an account with 1,000 rows vs one with 10"],
  ["providers", "the public directory's pages with 10,000 providers vs a bare select"],
] as const;

const only = process.argv.slice(2);
const results: { name: string; ok: boolean; seconds: number }[] = [];
for (const [name, what] of BENCHES) {
  if (only.length > 0 && !only.includes(name)) continue;
  console.log(`\n=== ${name}: ${what} ===`);
  const started = Date.now();
  const run = spawnSync(process.execPath, ["--import", "tsx", path.join(import.meta.dirname, `${name}.ts`)], {
    stdio: "inherit",
  });
  results.push({ name, ok: run.status === 0, seconds: (Date.now() - started) / 1000 });
}
console.log("\n=== summary ===");
for (const r of results) console.log(`${r.ok ? "ok  " : "FAIL"}  ${r.name} (${r.seconds.toFixed(0)} s)`);
process.exitCode = results.every((r) => r.ok) ? 0 : 1;
