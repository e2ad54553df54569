// The real start and stop (decision 109): `npm start` as an operator or a container runs it, a SIGTERM
// to the npm process, and what clients connected at that moment see. Raw sockets, so that every byte
// and every close is the server's own doing.
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { copyMigratedDataDir, processSpawner, serverArgs, serverEnv } from "./test/processes";

const start = processSpawner();
const serverPids: number[] = [];
afterAll(() => {
  for (const pid of serverPids) {
    try {
      process.kill(pid, "SIGKILL");
    } catch {
      // already gone
    }
  }
});

/** The environment of a quick embedded start, not the shell's DATABASE_URL. */
const embeddedEnv = (dataDir: string, extra: NodeJS.ProcessEnv = {}) =>
  serverEnv("DATABASE_URL", { DATA_DIR: dataDir, ...extra });

async function waitFor(predicate: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!predicate()) {
    if (Date.now() > until) throw new Error(`timed out waiting until ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The server run by node itself, without npm between (as a container's command runs it): the current build, or the sources. */
const startServer = (dataDir: string, extra: NodeJS.ProcessEnv) =>
  start(process.execPath, serverArgs(), embeddedEnv(dataDir, extra));

const RUNNING = /is running at http:\/\/localhost:(\d+)/;

/** Waits until the server says it runs; answers the port it listens on. */
async function runningPort(server: { output: () => string }, timeoutMs: number): Promise<number> {
  await waitFor(() => RUNNING.test(server.output()), timeoutMs, "the server runs");
  return Number(RUNNING.exec(server.output())?.[1]);
}

/** A raw connection that records what it received and how it ended. */
type Conn = { socket: net.Socket; received: () => string; ended: Promise<"end" | string> };

async function connect(port: number): Promise<Conn> {
  const socket = net.connect(port, "127.0.0.1");
  let received = "";
  socket.on("data", (d) => {
    received += d;
  });
  // "end": the server closed it in good order; otherwise the error's code (ECONNRESET: reset).
  const ended = new Promise<"end" | string>((resolve) => {
    socket.once("end", () => resolve("end"));
    socket.once("error", (err: NodeJS.ErrnoException) => resolve(err.code ?? err.message));
  });
  await new Promise<void>((resolve, reject) => {
    socket.once("connect", () => resolve());
    socket.once("error", reject);
  });
  return { socket, received: () => received, ended };
}

function isGone(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return false;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "ESRCH";
  }
}

describe("start and stop", () => {
  it("SIGTERM to `npm start` reaches the server: it finishes the request in flight, closes its connections, refuses new ones, frees the folder and exits 0", async () => {
    const dataDir = copyMigratedDataDir("automatch-stop-");
    // Without the drain (the next test has it): the listener closes at once.
    const npm = start("npm", ["start"], embeddedEnv(dataDir, { NODE_ENV: "test", SHUTDOWN_DRAIN_MS: "0" }));
    const port = await runningPort(npm, 120_000);
    // Without SMTP outside production, the log names the page where every email can be read.
    expect(npm.output()).toContain(`read every email at http://localhost:${port}/dev/mailbox`);
    // The server's own pid, as its lock records it: npm and a shell may stand between.
    const owner = fs.readFileSync(path.join(dataDir, "automatch.owner"), "utf8");
    const serverPid = Number(/^pid (\d+) /.exec(owner)?.[1]);
    serverPids.push(serverPid);

    // A browser's keep-alive connection, idle after one request.
    const idle = await connect(port);
    idle.socket.write("GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n");
    await waitFor(() => idle.received().includes('"status"'), 10_000, "/healthz answers");

    // A request in flight: the server has its headers (it said 100 Continue) and waits for the body.
    const body = JSON.stringify({ email: "nobody@example.com", password: "not-the-password" });
    const inFlight = await connect(port);
    inFlight.socket.write(
      "POST /api/auth/sign-in HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n" +
        `Content-Length: ${Buffer.byteLength(body)}\r\nExpect: 100-continue\r\n\r\n`,
    );
    await waitFor(() => inFlight.received().includes("100 Continue"), 10_000, "the request is in flight");

    npm.proc.kill("SIGTERM");
    await waitFor(() => npm.output().includes("SIGTERM: finishing"), 20_000, "the server got the SIGTERM");
    // The idle connection is closed in good order, and nothing new is accepted.
    expect(await idle.ended).toBe("end");
    await expect(connect(port)).rejects.toMatchObject({ code: "ECONNREFUSED" });

    // The request in flight still gets its whole answer, then its connection is closed.
    inFlight.socket.write(body);
    expect(await inFlight.ended).toBe("end");
    const answer = inFlight.received().split("100 Continue\r\n\r\n")[1] ?? "";
    expect(answer).toMatch(/^HTTP\/1\.1 401 /);
    expect(answer.toLowerCase()).toContain("connection: close");
    expect(answer).toMatch(/"message":"[^"]+"/);

    expect(await npm.exited).toBe(0);
    expect(isGone(serverPid)).toBe(true);
    expect(fs.existsSync(path.join(dataDir, "automatch.lock"))).toBe(false);
  }, 180_000);

  it("drains on SIGTERM: readiness says 503 at once, and 120 connections opened just before are all served, none reset", async () => {
    const dataDir = copyMigratedDataDir("automatch-drain-");
    const server = startServer(dataDir, { NODE_ENV: "test", SHUTDOWN_DRAIN_MS: "1000" });
    const port = await runningPort(server, 60_000);

    // A deploy: the load balancer opened these a moment before the old process got its SIGTERM.
    const conns = await Promise.all(Array.from({ length: 120 }, () => connect(port)));
    await new Promise((r) => setTimeout(r, 40));
    server.proc.kill("SIGTERM");
    await waitFor(() => server.output().includes("readiness answers 503"), 10_000, "the drain starts");

    const ready = await connect(port);
    ready.socket.write("GET /healthz/ready HTTP/1.1\r\nHost: localhost\r\n\r\n");
    expect(await ready.ended).toBe("end");
    expect(ready.received()).toMatch(/^HTTP\/1\.1 503 /);

    for (const c of conns) c.socket.write("GET /healthz/live HTTP/1.1\r\nHost: localhost\r\n\r\n");
    const endings = await Promise.all(conns.map((c) => c.ended));
    expect(endings.filter((e) => e !== "end")).toEqual([]);
    for (const c of conns) {
      expect(c.received()).toMatch(/^HTTP\/1\.1 200 /);
      expect(c.received().toLowerCase()).toContain("connection: close");
    }
    expect(await server.exited).toBe(0);
  }, 90_000);

  it("starts without loading the packages only some calls need: the AWS SDK, Stripe, nodemailer, archiver, zxcvbn's dictionaries", async () => {
    const dataDir = copyMigratedDataDir("automatch-imports-");
    const recorded = path.join(path.dirname(dataDir), "imports.txt");
    const hooks = pathToFileURL(path.join(import.meta.dirname, "test/record-imports.mjs")).href;
    // Stripe and SMTP configured, so that the start makes their provider and transport.
    const server = start(
      process.execPath,
      [
        `--import=data:text/javascript,import{register}from"node:module";register(${JSON.stringify(hooks)})`,
        ...serverArgs(),
      ],
      embeddedEnv(dataDir, {
        NODE_ENV: "test",
        SHUTDOWN_DRAIN_MS: "0",
        RECORD_IMPORTS: recorded,
        SMTP_URL: "smtp://127.0.0.1:2525",
        STRIPE_SECRET_KEY: "sk_test_imports",
        STRIPE_PUBLISHABLE_KEY: "pk_test_imports",
        STRIPE_WEBHOOK_SECRET: "whsec_imports",
      }),
    );
    const port = await runningPort(server, 60_000);
    const health = await fetch(`http://127.0.0.1:${port}/healthz/ready`);
    expect(health.status).toBe(200);
    server.proc.kill("SIGTERM");
    expect(await server.exited).toBe(0);
    const packages = new Set(fs.readFileSync(recorded, "utf8").split("\n").filter(Boolean));
    // What every start needs was recorded: the recorder saw the server's imports.
    expect(packages).toContain("fastify");
    const lazy = [...packages].filter((name) => /^(@aws-sdk\/|stripe$|nodemailer$|archiver$|@zxcvbn-ts\/)/.test(name));
    expect(lazy).toEqual([]);
  }, 90_000);

  it("refuses to start production with no way to send email; with email off, starts and warns of it and of the embedded database", async () => {
    const dataDir = copyMigratedDataDir("automatch-prod-");
    const refused = startServer(dataDir, { NODE_ENV: "production", SHUTDOWN_DRAIN_MS: "0" });
    expect(await refused.exited).toBe(2);
    expect(refused.output()).toContain("SMTP_URL: is required in production (NODE_ENV=production)");
    expect(refused.output()).toContain("or set MAIL_DISABLED=true");

    const server = startServer(dataDir, { NODE_ENV: "production", SHUTDOWN_DRAIN_MS: "0", MAIL_DISABLED: "true" });
    await runningPort(server, 60_000);
    server.proc.kill("SIGTERM");
    expect(await server.exited).toBe(0);
    const warnings = server
      .output()
      .split("\n")
      .filter((line) => line.startsWith("{"))
      .map((line) => JSON.parse(line) as { level: number; msg: string })
      .filter((entry) => entry.level === 40)
      .map((entry) => entry.msg);
    expect(warnings.find((msg) => /fsync/.test(msg))).toMatch(/DATABASE_URL/);
    expect(warnings).toContain("email is off (MAIL_DISABLED): nobody can confirm an account or reset a password");
  }, 90_000);
});
