// A full disk under the embedded database (issue 29, decision 143), on a small tmpfs mounted for the
// test (mounting needs root; CI runs as root, and the first test says so plainly when it cannot): the
// process keeps running, readiness says not-ready, no write answers 500, and once space is freed it all
// works again without a restart; a start on the full disk exits with a clear message and a non-zero code.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, inject, it } from "vitest";
import { processSpawner, type Started, serverArgs, serverEnv } from "../test/processes";
import { waitFor } from "../test/wait";

const spawn = processSpawner();
const mountPoint = fs.mkdtempSync(path.join(os.tmpdir(), "automatch-full-disk-"));
const dataDir = path.join(mountPoint, "data");
const filler = path.join(mountPoint, "filler");
let mounted = false;

afterAll(() => {
  if (mounted) execFileSync("umount", ["-l", mountPoint]);
  fs.rmSync(mountPoint, { recursive: true, force: true });
});

function startServer(): Started {
  return spawn(
    process.execPath,
    serverArgs(),
    serverEnv("DATABASE_URL", {
      DATA_DIR: dataDir,
      DATA_DIR_MIN_FREE_MB: "8",
      NODE_ENV: "test",
      // pg-boss's maintenance writes every second, so that a job's error on the full disk happens here.
      JOB_MAINTENANCE_SECONDS: "1",
      JOB_POLL_SECONDS: "0.5",
    }),
  );
}

/** Writes zeros until the disk refuses: nothing is left for the database. */
function fillDisk(): void {
  const fd = fs.openSync(filler, "w");
  const chunk = Buffer.alloc(1024 * 1024);
  try {
    for (;;) fs.writeSync(fd, chunk);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "ENOSPC") throw err;
  } finally {
    fs.closeSync(fd);
  }
}

let signUps = 0;
async function signUp(base: string): Promise<number> {
  const res = await fetch(`${base}/api/auth/sign-up`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      email: `full-disk-${signUps++}@example.com`,
      password: "tangerine-Orbit-57-harbour",
      firstName: "Full",
      lastName: "Disk",
      userType: "client",
    }),
  });
  return res.status;
}

describe("a full disk under the embedded database", () => {
  it("can mount a small tmpfs here (needs root, as CI has)", () => {
    fs.mkdirSync(mountPoint, { recursive: true });
    execFileSync("mount", ["-t", "tmpfs", "-o", "size=96m", "tmpfs", mountPoint]);
    mounted = true;
    fs.cpSync(inject("migratedDataDir"), dataDir, { recursive: true });
  });

  it("keeps the process running, readiness 503 and writes 503 while full, and everything back once space is freed", async () => {
    const server = startServer();
    const port = await waitFor(
      () => /running at http:\/\/localhost:(\d+)/.exec(server.output())?.[1],
      60_000,
      "the server listens",
    );
    const base = `http://127.0.0.1:${port}`;
    expect(await signUp(base)).toBe(202);

    fillDisk();
    const ready = await fetch(`${base}/healthz/ready`);
    expect(ready.status).toBe(503);
    expect((await ready.json()).database).toBe("disk-full");
    expect(ready.headers.get("retry-after")).toMatch(/^\d+$/);
    // A write either fits in a page the database has, or is refused as unavailable: never a 500.
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++) statuses.push(await signUp(base));
    expect(statuses.filter((s) => s !== 202 && s !== 503)).toEqual([]);
    // The job queue's maintenance (every second here) and its polls (every half second) run at least
    // once on the full disk meanwhile, and the sign-ups' emails are sent: none of their errors ends the process.
    await new Promise((r) => setTimeout(r, 1200));
    expect(server.proc.exitCode, server.output().slice(-3000)).toBeNull();
    expect((await fetch(`${base}/healthz/live`)).status).toBe(200);

    fs.rmSync(filler);
    await waitFor(
      async () => ((await fetch(`${base}/healthz/ready`)).status === 200 ? true : undefined),
      5000,
      "readiness is 200 again",
    );
    expect(await signUp(base)).toBe(202);
    server.proc.kill("SIGTERM");
    expect(await server.exited).toBe(0);
  }, 120_000);

  it("refuses to start on the full disk, saying so, with a non-zero exit", async () => {
    fillDisk();
    const server = startServer();
    const code = await server.exited;
    fs.rmSync(filler);
    expect(code).not.toBe(0);
    expect(server.output()).toMatch(/cannot start: The disk that holds the data folder .* MB free/);
  }, 60_000);
});
