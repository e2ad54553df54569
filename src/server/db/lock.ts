// PGlite does not lock its data folder, and two processes on one folder silently lose writes.
// The lock is held by the kernel where it can be: on Linux, a Unix socket in the abstract namespace
// named after the folder's real path. Binding it is atomic, a second process gets EADDRINUSE, and the
// kernel frees it when the owner dies, so there is no stale lock to judge. Elsewhere, a lock file
// created with O_EXCL and holding the owner's pid. Either way the folder gets `automatch.lock` with
// the owner's pid, for people and for the error message.
import { createHash } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";

export class DataDirLockedError extends Error {
  override name = "DataDirLockedError";
}

export type DirLock = { path: string; release: () => void };

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists but belongs to someone else.
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

function readOwner(lockPath: string): number | null {
  try {
    const pid = Number.parseInt(fs.readFileSync(lockPath, "utf8").trim(), 10);
    return Number.isInteger(pid) ? pid : null;
  } catch {
    return null;
  }
}

function lockedError(dataDir: string, owner: number | null): DataDirLockedError {
  return new DataDirLockedError(
    `The data folder ${dataDir} is in use by another process${owner ? ` (pid ${owner})` : ""}. ` +
      "Stop that process, or set DATA_DIR to another folder.",
  );
}

function releaseFile(lockPath: string): void {
  try {
    if (readOwner(lockPath) === process.pid) fs.unlinkSync(lockPath);
  } catch {
    // already gone
  }
}

/** The lock as its holder sees it: releasing removes the file (and runs `also`) once, however often it is called. */
function heldLock(lockPath: string, also: () => void = () => {}): DirLock {
  let released = false;
  return {
    path: lockPath,
    release: () => {
      if (released) return;
      released = true;
      releaseFile(lockPath);
      also();
    },
  };
}

/** The socket name for a folder: the same for every path that leads to it. */
export function lockSocketName(dataDir: string): string {
  const real = fs.realpathSync(dataDir);
  return `\0automatch-data-${createHash("sha256").update(real).digest("hex").slice(0, 32)}`;
}

async function lockWithSocket(dataDir: string, lockPath: string): Promise<DirLock> {
  const server = net.createServer();
  await new Promise<void>((resolve, reject) => {
    server.once("error", (err: NodeJS.ErrnoException) =>
      reject(err.code === "EADDRINUSE" ? lockedError(dataDir, readOwner(lockPath)) : err),
    );
    server.listen(lockSocketName(dataDir), () => resolve());
  });
  // The lock must not keep the process alive on its own.
  server.unref();
  fs.writeFileSync(lockPath, String(process.pid));
  return heldLock(lockPath, () => server.close());
}

function lockWithFile(dataDir: string, lockPath: string): DirLock {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = fs.openSync(lockPath, "wx");
      fs.writeSync(fd, String(process.pid));
      fs.closeSync(fd);
      return heldLock(lockPath);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
      const owner = readOwner(lockPath);
      if (owner !== null && owner !== process.pid && isAlive(owner)) throw lockedError(dataDir, owner);
      // The owner died without cleaning up: the lock is stale, take it over.
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new DataDirLockedError(`Could not lock the data folder ${dataDir}.`);
}

export async function lockDataDir(dataDir: string): Promise<DirLock> {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, "automatch.lock");
  return process.platform === "linux" ? lockWithSocket(dataDir, lockPath) : lockWithFile(dataDir, lockPath);
}
