// A PostgreSQL server of a test's own, in a temporary folder on a free port, that the test may stop,
// start and restart at will: the machine's shared server (127.0.0.1:5432) must never be restarted by a
// test. initdb refuses to run as root, so as root the server runs as the `postgres` user.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

export type OwnPostgres = {
  url: string;
  port: number;
  /** pg_ctl stop: "fast" ends the sessions and checkpoints; "immediate" is a crash. */
  stop: (mode?: "fast" | "immediate") => void;
  start: () => void;
  remove: () => void;
};

/** Where the server binaries are: POSTGRES_BIN_DIR, or the Debian layout's newest version. */
function binDir(): string {
  if (process.env.POSTGRES_BIN_DIR) return process.env.POSTGRES_BIN_DIR;
  const root = "/usr/lib/postgresql";
  const versions = fs.existsSync(root) ? fs.readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  if (!versions[0]) throw new Error("No PostgreSQL server binaries in /usr/lib/postgresql: set POSTGRES_BIN_DIR.");
  return path.join(root, versions[0], "bin");
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (typeof address !== "object" || !address) throw new Error("no free port");
  return address.port;
}

export async function startOwnPostgres(): Promise<OwnPostgres> {
  const bin = binDir();
  const asRoot = process.getuid?.() === 0;
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "automatch-own-pg-"));
  const dataDir = path.join(folder, "data");
  if (asRoot) execFileSync("chown", ["postgres:postgres", folder]);
  const run = (command: string, args: string[]) => {
    const [file, ...rest] = asRoot ? ["runuser", "-u", "postgres", "--", command, ...args] : [command, ...args];
    execFileSync(file as string, rest, { stdio: "pipe", cwd: folder });
  };
  const port = await freePort();
  run(path.join(bin, "initdb"), ["-D", dataDir, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-sync"]);
  const options = `-p ${port} -k ${folder} -c listen_addresses=127.0.0.1 -c fsync=off`;
  const pgCtl = path.join(bin, "pg_ctl");
  const start = () => run(pgCtl, ["start", "-w", "-D", dataDir, "-l", path.join(folder, "log"), "-o", options]);
  start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    stop: (mode = "fast") => run(pgCtl, ["stop", "-w", "-D", dataDir, "-m", mode]),
    start,
    remove: () => {
      try {
        run(pgCtl, ["stop", "-w", "-D", dataDir, "-m", "immediate"]);
      } catch {
        // not running
      }
      fs.rmSync(folder, { recursive: true, force: true });
    },
  };
}
