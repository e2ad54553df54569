// The real product as a child process: the built web app and `src/server/main.ts` on a free port of
// its own, with the embedded database in the folder it is given.
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "../..");

export type ServerProcess = {
  baseURL: string;
  /** What the server printed so far (warnings and errors). */
  log: () => string;
  /** Stops it gracefully (SIGTERM), or by force when it does not stop within 15 s; answers its exit code. */
  stop: () => Promise<number | null>;
};

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const addr = srv.address();
      srv.close(() => (typeof addr === "object" && addr ? resolve(addr.port) : reject(new Error("no port"))));
    });
  });
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once("exit", () => resolve()));
}

/** Starts the server on `dataDir` and answers once /healthz does; a failed start throws with the server's log. */
export async function startServer(opts: {
  dataDir: string;
  env?: Record<string, string>;
  startTimeoutMs?: number;
  /** Where to write the server's pid, for a clean-up that does not trust this process to live. */
  pidFile?: string;
}): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "test",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: opts.dataDir,
      LOG_LEVEL: "warn",
      ...opts.env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  if (opts.pidFile && child.pid) fs.writeFileSync(opts.pidFile, String(child.pid));
  // A test worker that ends must not leave its server running.
  const killOnExit = () => child.kill("SIGKILL");
  process.once("exit", killOnExit);
  let log = "";
  child.stdout?.on("data", (d) => {
    log += d;
  });
  child.stderr?.on("data", (d) => {
    log += d;
  });
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGTERM");
      const forced = setTimeout(() => child.kill("SIGKILL"), 15_000);
      await exited(child);
      clearTimeout(forced);
    }
    process.removeListener("exit", killOnExit);
    return child.exitCode;
  };

  const baseURL = `http://127.0.0.1:${port}`;
  const timeout = opts.startTimeoutMs ?? 90_000;
  const until = Date.now() + timeout;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      await stop();
      throw new Error(`The server on ${opts.dataDir} exited during start-up:\n${log}`);
    }
    try {
      if ((await fetch(`${baseURL}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > until) {
      await stop();
      throw new Error(`The server on ${opts.dataDir} did not start within ${timeout / 1000} s:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { baseURL, log: () => log, stop };
}
