// PGlite does not lock its data folder, and two processes on one folder silently lose writes.
// Two locks, decision 108:
// - A lock held in the folder itself (proper-lockfile: a `automatch.lock` directory made atomically,
//   its mtime refreshed by the holder). It is seen by every process that sees the folder, in any
//   network namespace or container sharing the volume. A lock whose holder was killed goes stale
//   after `stale` ms, and a newcomer waits up to that long for it before refusing.
// - On Linux, also a Unix socket in the abstract namespace named after the folder's real path, taken
//   first. The kernel frees it when its owner dies, but it exists only inside one network namespace;
//   what it adds is an instant refusal, naming the owner, when the holder is a neighbour.
// `automatch.owner` holds the holder's pid and host, for people and for the error message.
import { createHash } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import lockfile from "proper-lockfile";

export class DataDirLockedError extends Error {
  override name = "DataDirLockedError";
}

export type DirLock = { path: string; release: () => Promise<void> };

export type LockOptions = {
  /** A lock not refreshed for this long is stale: its holder is taken to be dead (at least 2000). */
  stale?: number;
  /** How often the holder refreshes it (at least 1000, at most stale / 2). */
  update?: number;
  /** The lock was lost (removed or taken over): the holder must stop writing at once. */
  onCompromised?: (err: Error) => void;
};

const DEFAULT_STALE_MS = 10_000;
const DEFAULT_UPDATE_MS = 2_000;
// How often a newcomer looks again while it waits for a lock to go stale.
const RETRY_EVERY_MS = 500;

function readOwner(ownerPath: string): string | null {
  try {
    const owner = fs.readFileSync(ownerPath, "utf8").trim();
    return owner === "" ? null : owner;
  } catch {
    return null;
  }
}

function ownerText(): string {
  return `pid ${process.pid} on ${os.hostname()}`;
}

function lockedError(dataDir: string, owner: string | null): DataDirLockedError {
  return new DataDirLockedError(
    `The data folder ${dataDir} is in use by another process${owner ? ` (${owner})` : ""}. ` +
      "Stop that process, or set DATA_DIR to another folder.",
  );
}

/** The socket name for a folder: the same for every path that leads to it. */
export function lockSocketName(dataDir: string): string {
  const real = fs.realpathSync(dataDir);
  return `\0automatch-data-${createHash("sha256").update(real).digest("hex").slice(0, 32)}`;
}

async function bindSocket(dataDir: string, ownerPath: string): Promise<net.Server> {
  const server = net.createServer();
  await new Promise<void>((resolve, reject) => {
    server.once("error", (err: NodeJS.ErrnoException) =>
      reject(err.code === "EADDRINUSE" ? lockedError(dataDir, readOwner(ownerPath)) : err),
    );
    server.listen(lockSocketName(dataDir), () => resolve());
  });
  // The lock must not keep the process alive on its own.
  server.unref();
  return server;
}

function defaultOnCompromised(err: Error): void {
  throw err;
}

export async function lockDataDir(dataDir: string, options: LockOptions = {}): Promise<DirLock> {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, "automatch.lock");
  const ownerPath = path.join(dataDir, "automatch.owner");
  const stale = options.stale ?? DEFAULT_STALE_MS;
  const update = options.update ?? DEFAULT_UPDATE_MS;
  const socket = process.platform === "linux" ? await bindSocket(dataDir, ownerPath) : null;
  let releaseFile: () => Promise<void>;
  try {
    // Versions before decision 108 wrote a plain file here. No process of theirs runs on this folder in
    // this namespace (the socket above was free), and they never guarded other namespaces.
    if (fs.statSync(lockPath, { throwIfNoEntry: false })?.isFile()) fs.rmSync(lockPath);
    releaseFile = await lockfile.lock(dataDir, {
      lockfilePath: lockPath,
      stale,
      update,
      // A holder that died goes stale within `stale` ms; one that lives keeps it fresh all along.
      retries: { retries: Math.ceil(stale / RETRY_EVERY_MS) + 2, factor: 1, minTimeout: RETRY_EVERY_MS },
      onCompromised: options.onCompromised ?? defaultOnCompromised,
    });
  } catch (err) {
    socket?.close();
    if ((err as NodeJS.ErrnoException).code === "ELOCKED") throw lockedError(dataDir, readOwner(ownerPath));
    throw err;
  }
  fs.writeFileSync(ownerPath, ownerText());
  let released = false;
  return {
    path: lockPath,
    release: async () => {
      if (released) return;
      released = true;
      try {
        if (readOwner(ownerPath) === ownerText()) fs.rmSync(ownerPath, { force: true });
        // Rejects when the lock was already lost (compromised): nothing of ours is left to remove.
        await releaseFile().catch(() => undefined);
      } finally {
        socket?.close();
      }
    },
  };
}
