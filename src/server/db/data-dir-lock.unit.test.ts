// Two app processes on one PGlite data folder would silently lose writes: the second must refuse.
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { type DirLock, lockDataDir } from "./lock";

const root = path.resolve(import.meta.dirname, "../../..");
const started: ChildProcess[] = [];
afterAll(() => {
  for (const p of started) p.kill("SIGKILL");
});

function startServer(dataDir: string): { proc: ChildProcess; output: () => string; exited: Promise<number | null> } {
  // The embedded database is the one under test: a DATABASE_URL in the shell must not replace it.
  const { DATABASE_URL: _external, ...env } = process.env;
  const proc = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
    cwd: root,
    env: { ...env, DATA_DIR: dataDir, PORT: "0", HOST: "127.0.0.1", DEMO_DATA: "false", LOG_LEVEL: "info" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  started.push(proc);
  let out = "";
  proc.stdout?.on("data", (d) => {
    out += d;
  });
  proc.stderr?.on("data", (d) => {
    out += d;
  });
  const exited = new Promise<number | null>((resolve) => proc.on("exit", (code) => resolve(code)));
  return { proc, output: () => out, exited };
}

async function waitFor(predicate: () => boolean, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!predicate()) {
    if (Date.now() > until) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe("data folder lock", () => {
  it("a second process on the same folder exits non-zero with a clear error, and the first keeps running", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "automatch-lock-"));
    const nested = path.join(dataDir, "does", "not", "exist");
    const first = startServer(nested);
    await waitFor(() => first.output().includes("is running at"), 45_000);

    const second = startServer(nested);
    const code = await second.exited;
    expect(code).not.toBe(0);
    expect(second.output()).toMatch(/in use by another process/);
    expect(first.proc.exitCode).toBeNull();

    first.proc.kill("SIGTERM");
    expect(await first.exited).toBe(0);
    expect(fs.existsSync(path.join(nested, "automatch.lock"))).toBe(false);
  }, 90_000);

  it("takes over a lock file left by a process that died", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "automatch-stale-"));
    // pid 2^22 + 1 is above Linux's pid_max, so no such process can exist
    fs.writeFileSync(path.join(dataDir, "automatch.lock"), String(4194305));
    const lock = await lockDataDir(dataDir);
    expect(fs.readFileSync(lock.path, "utf8")).toBe(String(process.pid));
    lock.release();
    expect(fs.existsSync(lock.path)).toBe(false);
  });

  it("refuses a second lock on one folder at once, even by another path to it, and frees it on release", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "automatch-twice-"));
    const link = `${dataDir}-link`;
    fs.symlinkSync(dataDir, link);
    const attempts = await Promise.allSettled([lockDataDir(dataDir), lockDataDir(link)]);
    const held = attempts.filter((a): a is PromiseFulfilledResult<DirLock> => a.status === "fulfilled");
    const refused = attempts.filter((a) => a.status === "rejected");
    expect(held).toHaveLength(1);
    expect(refused).toHaveLength(1);
    expect(String((refused[0] as PromiseRejectedResult).reason)).toMatch(/in use by another process/);
    held[0]?.value.release();
    const again = await lockDataDir(link);
    again.release();
  });

  it("is freed by the kernel when the owner is killed, without cleaning up", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "automatch-killed-"));
    const holder = spawn(
      process.execPath,
      [
        "--import",
        "tsx",
        "-e",
        `import("./src/server/db/lock.ts").then(async (m) => { await m.lockDataDir(${JSON.stringify(dataDir)}); console.log("held"); setInterval(() => {}, 1000); });`,
      ],
      { cwd: root, stdio: ["ignore", "pipe", "inherit"] },
    );
    started.push(holder);
    let out = "";
    holder.stdout?.on("data", (d) => {
      out += d;
    });
    await waitFor(() => out.includes("held"), 30_000);
    await expect(lockDataDir(dataDir)).rejects.toThrow(/in use by another process \(pid \d+\)/);
    holder.kill("SIGKILL");
    await new Promise((r) => holder.once("exit", r));
    const lock = await lockDataDir(dataDir);
    expect(fs.readFileSync(lock.path, "utf8")).toBe(String(process.pid));
    lock.release();
  }, 60_000);
});
