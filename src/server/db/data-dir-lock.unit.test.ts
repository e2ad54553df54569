// Two app processes on one PGlite data folder would silently lose writes: the second must refuse,
// whether it runs beside the first or in another network namespace (another container on the same
// volume), where the abstract socket cannot see the first (decision 108).
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { copyMigratedDataDir, processSpawner, type Started, serverArgs, serverEnv } from "../test/processes";
import { type DirLock, lockDataDir } from "./lock";

const spawnCaptured = processSpawner();

// Short intervals keep the tests quick; the holder and the newcomer must use the same ones. A holder
// refreshes every second, so a lock goes stale only after two refreshes in a row were missed.
const quick = { stale: 3000, update: 1000 };

/** Runs node with these arguments, in a network namespace of its own when `otherNetns` (needs root). */
function run(args: string[], env: NodeJS.ProcessEnv, otherNetns: boolean): Started {
  const node = [process.execPath, ...args];
  const [command, ...rest] = otherNetns ? ["unshare", "-n", ...node] : node;
  return spawnCaptured(command as string, rest, env);
}

function startServer(dataDir: string, otherNetns = false): Started {
  return run(
    serverArgs(),
    serverEnv("DATABASE_URL", {
      DATA_DIR: dataDir,
      // `quick`'s stale window, which a newcomer in another network namespace waits out before refusing.
      DATA_DIR_LOCK_STALE_MS: String(quick.stale),
    }),
    otherNetns,
  );
}

/** A process that takes the lock with the quick intervals and keeps it until killed. */
function startHolder(dataDir: string, otherNetns: boolean): Started {
  const script = `import("./src/server/db/lock.ts").then(async (m) => { await m.lockDataDir(${JSON.stringify(dataDir)}, ${JSON.stringify(quick)}); process.stdout.write("held\\n"); setInterval(() => {}, 1000); });`;
  return run(["--import", "tsx", "-e", script], process.env, otherNetns);
}

async function waitFor(predicate: () => boolean, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!predicate()) {
    if (Date.now() > until) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 100));
  }
}

function tempDir(prefix: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

describe("data folder lock", () => {
  it("can run a process in another network namespace here", () => {
    // The tests below depend on it: say so plainly if the machine cannot.
    expect(() => execFileSync("unshare", ["-n", "true"])).not.toThrow();
  });

  it("makes a data folder that does not exist yet, and its parents, to hold its lock in", async () => {
    const nested = path.join(tempDir("automatch-new-"), "does", "not", "exist");
    const lock = await lockDataDir(nested, quick);
    expect(fs.statSync(nested).isDirectory()).toBe(true);
    expect(fs.existsSync(path.join(nested, "automatch.lock"))).toBe(true);
    await lock.release();
    expect(fs.existsSync(path.join(nested, "automatch.lock"))).toBe(false);
  });

  it("refuses a second server on the folder, beside the first or in another network namespace, and frees it on a normal stop", async () => {
    // A migrated copy (initdb would take half a minute), deep in a new folder: the refusals name its path.
    const nested = copyMigratedDataDir("automatch-lock-", "does", "not", "exist");
    const first = startServer(nested);
    await waitFor(() => first.output().includes("is running at"), 45_000);

    // Both at once: the one beside is refused at once, the one elsewhere once it has waited out the stale window.
    const beside = startServer(nested);
    const elsewhere = startServer(nested, true);
    expect(await beside.exited).toBe(3);
    expect(beside.output()).toMatch(/in use by another process \(pid \d+ on [^)]+\)\. Stop that process/);
    expect(await elsewhere.exited).toBe(3);
    expect(elsewhere.output()).toMatch(/The data folder .*exist is in use by another process \(pid \d+ on [^)]+\)/);
    expect(first.proc.exitCode).toBeNull();

    first.proc.kill("SIGTERM");
    expect(await first.exited).toBe(0);
    expect(fs.existsSync(path.join(nested, "automatch.lock"))).toBe(false);
    expect(fs.existsSync(path.join(nested, "automatch.owner"))).toBe(false);
  }, 120_000);

  it("stops a server whose lock was taken away, rather than let it write on", async () => {
    const dataDir = copyMigratedDataDir("automatch-lost-");
    const server = startServer(dataDir);
    await waitFor(() => server.output().includes("is running at"), 45_000);
    // What a second process does once it judges the lock stale: remove it and take its own.
    fs.rmSync(path.join(dataDir, "automatch.lock"), { recursive: true });
    expect(await server.exited).toBe(3);
    expect(server.output()).toMatch(/lost the lock on the data folder/);
  }, 90_000);

  it("refuses a lock held in another network namespace, and takes it over once its holder was killed and it went stale", async () => {
    const dataDir = tempDir("automatch-netns-");
    const holder = startHolder(dataDir, true);
    await waitFor(() => holder.output().includes("held"), 30_000);
    await expect(lockDataDir(dataDir, quick)).rejects.toThrow(/in use by another process \(pid \d+ on /);

    holder.proc.kill("SIGKILL");
    await holder.exited;
    // Nothing frees it now: the newcomer waits until the lock is older than `stale`, then takes it.
    const lock = await lockDataDir(dataDir, quick);
    expect(fs.readFileSync(path.join(dataDir, "automatch.owner"), "utf8")).toBe(
      `pid ${process.pid} on ${os.hostname()}`,
    );
    await lock.release();
    expect(fs.existsSync(lock.path)).toBe(false);
  }, 60_000);

  it("refuses a second lock on one folder at once, even by another path to it, and frees it on release", async () => {
    const dataDir = tempDir("automatch-twice-");
    const link = `${dataDir}-link`;
    fs.symlinkSync(dataDir, link);
    const attempts = await Promise.allSettled([lockDataDir(dataDir, quick), lockDataDir(link, quick)]);
    const held = attempts.filter((a): a is PromiseFulfilledResult<DirLock> => a.status === "fulfilled");
    const refused = attempts.filter((a) => a.status === "rejected");
    expect(held).toHaveLength(1);
    expect(refused).toHaveLength(1);
    expect(String((refused[0] as PromiseRejectedResult).reason)).toMatch(/in use by another process/);
    await held[0]?.value.release();
    const again = await lockDataDir(link, quick);
    await again.release();
  }, 30_000);

  it("takes over the plain lock file an earlier version left behind", async () => {
    const dataDir = tempDir("automatch-old-");
    // pid 2^22 + 1 is above Linux's pid_max, so no such process can exist
    fs.writeFileSync(path.join(dataDir, "automatch.lock"), String(4194305));
    const lock = await lockDataDir(dataDir, quick);
    expect(fs.statSync(lock.path).isDirectory()).toBe(true);
    await lock.release();
    expect(fs.existsSync(lock.path)).toBe(false);
  });
});
