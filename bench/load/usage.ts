// Where the time went during the load: each process's CPU from /proc (Linux), and from each app's own
// GET /metrics (decision 161) the worst event-loop lag and the most requests waiting for a database
// connection, sampled every two seconds.

import fs from "node:fs";
import type pg from "pg";

export type Usage = { servers: number[]; postgres: number; self: NodeJS.CpuUsage; machine: MachineTicks };

/** The whole machine's CPU time so far, from /proc/stat's first line: busy (by kind) and idle ticks. */
export type MachineTicks = { user: number; system: number; softirq: number; idle: number };

export function machineTicks(): MachineTicks {
  const firstLine = fs.readFileSync("/proc/stat", "utf8").split("\n")[0] ?? "";
  const [user = 0, nice = 0, system = 0, idle = 0, iowait = 0, irq = 0, softirq = 0, steal = 0] = firstLine
    .trim()
    .split(/\s+/)
    .slice(1)
    .map(Number);
  return { user: user + nice, system: system + irq + steal, softirq, idle: idle + iowait };
}

/** Clock ticks a second, as /proc counts them (USER_HZ, 100 on Linux). */
const TICKS = 100;

function ticksOf(stat: string): number {
  // The fields after the command's name (in parentheses, which may hold spaces): utime is 14th, stime 15th.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return Number(fields[11]) + Number(fields[12]);
}

/** The CPU seconds a process has used so far. */
export function cpuSeconds(pid: number | undefined): number {
  return ticksOf(fs.readFileSync(`/proc/${pid}/stat`, "utf8")) / TICKS;
}

/**
 * The CPU seconds this database's PostgreSQL backends (the app processes' connections) have used so far.
 * The server's own background processes, and other databases' backends, are not counted.
 */
export async function postgresCpuSeconds(c: pg.Client): Promise<number> {
  const { rows } = await c.query<{ pid: number }>(
    "select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()",
  );
  let total = 0;
  for (const { pid } of rows) {
    try {
      total += ticksOf(fs.readFileSync(`/proc/${pid}/stat`, "utf8"));
    } catch {
      // The backend ended while being read.
    }
  }
  return total / TICKS;
}

type Peak = { lagP99: number; poolWaiting: number };

function metricOf(text: string, line: RegExp): number {
  const m = line.exec(text);
  return m ? Number(m[1]) : 0;
}

/** Samples each app's /metrics until stopped; answers each one's worst figures. */
export function sampleMetrics(origins: string[], token: string) {
  const peaks: Peak[] = origins.map(() => ({ lagP99: 0, poolWaiting: 0 }));
  const sample = async () => {
    await Promise.all(
      origins.map(async (origin, i) => {
        const res = await fetch(`${origin}/metrics`, { headers: { authorization: `Bearer ${token}` } }).catch(
          () => null,
        );
        if (!res?.ok) return;
        const text = await res.text();
        const peak = peaks[i];
        if (!peak) return;
        peak.lagP99 = Math.max(peak.lagP99, metricOf(text, /^nodejs_eventloop_lag_p99_seconds (\S+)$/m));
        peak.poolWaiting = Math.max(
          peak.poolWaiting,
          metricOf(text, /^automatch_db_pool_connections\{state="waiting"\} (\S+)$/m),
        );
      }),
    );
  };
  // prom-client's lag figures cover the time since the last scrape: a first one, discarded, starts
  // them at the measurement instead of at the process's start.
  let started = false;
  const first = sample().then(() => {
    for (const peak of peaks) Object.assign(peak, { lagP99: 0, poolWaiting: 0 });
    started = true;
  });
  const timer = setInterval(() => {
    if (started) void sample();
  }, 2000);
  return {
    stop: async () => {
      clearInterval(timer);
      await first;
      await sample();
      return peaks;
    },
  };
}
