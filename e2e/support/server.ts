// The real product as a child process: the built web app and the compiled server (dist/server/main.js,
// as `npm start` runs it) on a free port of its own, with the embedded database in the folder it is
// given, or on the PostgreSQL database its environment names (DATABASE_URL). The server takes the port
// (PORT=0) and says which over the IPC channel, so that two files starting at once cannot pick the same one.
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "../..");

export type ServerProcess = {
  baseURL: string;
  /** What the server printed so far (its log: a line a request, and warnings and errors). */
  log: () => string;
  /** Stops it gracefully (SIGTERM), or by force when it does not stop within 15 s; answers its exit code. */
  stop: () => Promise<number | null>;
};

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
  // A DATABASE_URL in the shell must not move a file's server off the database the file chose.
  const { DATABASE_URL: _shell, ...inherited } = process.env;
  // Named in `ps` and in process accounting, so that the servers' CPU can be told from the test workers'.
  const child = spawn(process.execPath, ["--title=e2e-server", "--enable-source-maps", "dist/server/main.js"], {
    cwd: root,
    env: {
      ...inherited,
      NODE_ENV: "test",
      PORT: "0",
      HOST: "127.0.0.1",
      DATA_DIR: opts.dataDir,
      // A line a request: a failure seen once in many runs shows which calls reached the server, and how they ended.
      LOG_LEVEL: "info",
      ...opts.env,
    },
    stdio: ["ignore", "pipe", "pipe", "ipc"],
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

  const timeout = opts.startTimeoutMs ?? 90_000;
  const started = await new Promise<{ port: number } | { failure: string }>((resolve) => {
    const timer = setTimeout(() => resolve({ failure: `did not start within ${timeout / 1000} s` }), timeout);
    const done = (outcome: { port: number } | { failure: string }) => {
      clearTimeout(timer);
      child.off("message", onMessage);
      child.off("exit", onExit);
      resolve(outcome);
    };
    const onMessage = (message: unknown) => {
      const m = message as { type?: unknown; port?: unknown } | null;
      if (m?.type === "listening" && typeof m.port === "number") done({ port: m.port });
    };
    const onExit = () => done({ failure: "exited during start-up" });
    child.on("message", onMessage);
    child.once("exit", onExit);
  });
  if ("failure" in started) {
    await stop();
    throw new Error(`The server on ${opts.dataDir} ${started.failure}:\n${log}`);
  }
  const baseURL = `http://127.0.0.1:${started.port}`;
  // The probe closes its connection (decision 196). Kept alive, it stayed in fetch's pool for the file's
  // next fetch: after a minute of Lighthouse's synchronous work on this thread, that fetch took the socket
  // the server had just closed at its keep-alive timeout (65 s), before this thread had read the close, and
  // failed with "other side closed".
  const health = await fetch(`${baseURL}/healthz`, { headers: { connection: "close" } });
  if (!health.ok) {
    await stop();
    throw new Error(`The server on ${opts.dataDir} answered /healthz with ${health.status}:\n${log}`);
  }
  return { baseURL, log: () => log, stop };
}
