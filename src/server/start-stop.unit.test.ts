// The real start and stop (decision 109): `npm start` as an operator or a container runs it, a SIGTERM
// to the npm process, and what clients connected at that moment see. Raw sockets, so that every byte
// and every close is the server's own doing.
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
const started: ChildProcess[] = [];
afterAll(() => {
  for (const p of started) p.kill("SIGKILL");
});

type Started = { proc: ChildProcess; output: () => string; exited: Promise<number | null> };

function start(command: string, args: string[], env: NodeJS.ProcessEnv): Started {
  const proc = spawn(command, args, { cwd: root, env, stdio: ["ignore", "pipe", "pipe"] });
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

/** The environment of a quick embedded start: any free port, no demo data, not the shell's DATABASE_URL. */
function embeddedEnv(dataDir: string, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const { DATABASE_URL: _external, ...env } = process.env;
  return { ...env, DATA_DIR: dataDir, PORT: "0", HOST: "127.0.0.1", DEMO_DATA: "false", LOG_LEVEL: "info", ...extra };
}

async function waitFor(predicate: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!predicate()) {
    if (Date.now() > until) throw new Error(`timed out waiting until ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe("start and stop", () => {
  it("warns at start-up when production runs on the embedded database", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "automatch-prod-"));
    const server = start(
      process.execPath,
      ["--import", "tsx", "src/server/main.ts"],
      embeddedEnv(dataDir, { NODE_ENV: "production" }),
    );
    await waitFor(() => server.output().includes("is running at"), 60_000, "the server runs");
    server.proc.kill("SIGTERM");
    expect(await server.exited).toBe(0);
    const warning = server
      .output()
      .split("\n")
      .filter((line) => line.startsWith("{"))
      .map((line) => JSON.parse(line) as { level: number; msg: string })
      .find((entry) => entry.level === 40 && /fsync/.test(entry.msg));
    expect(warning?.msg).toMatch(/DATABASE_URL/);
  }, 90_000);
});
