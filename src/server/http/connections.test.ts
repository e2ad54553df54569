// Slow and flooding clients (issue 29, decision 144), on a real listening server: a thousand
// connections that never finish their headers are closed within the headers timeout, a stalled body and
// an idle kept-alive connection are closed too, and past the connection cap the oldest idle ones make
// room, while /healthz/live keeps answering throughout.
import http from "node:http";
import net from "node:net";
import type { Readable } from "node:stream";
import { beforeAll, describe, expect, it } from "vitest";
import { fileHelpers, PDF } from "../test/files";
import { sharedTestContext } from "../test/shared-context";
import { createUser } from "../test/test-app";

/** A connection that sent part of a request at `sentAt`, what the server answered, and when it closed it. */
type Slow = { socket: net.Socket; sentAt: number; closedAt: Promise<number>; answer: () => string };

function port(ctx: { app: { server: net.Server } }): number {
  const address = ctx.app.server.address();
  if (typeof address !== "object" || !address) throw new Error("not listening");
  return address.port;
}

/** A connection to the server, with everything it answered so far, and when the server closes it. */
async function openRaw(at: number) {
  const socket = net.connect(at, "127.0.0.1");
  let answered = "";
  socket.on("data", (d) => {
    answered += d;
  });
  socket.on("error", () => undefined);
  const closed = new Promise<void>((resolve) => socket.once("close", () => resolve()));
  await new Promise<void>((resolve) => socket.once("connect", () => resolve()));
  return { socket, closed, answer: () => answered };
}

/** The shared test app with `env`, listening on a free port of the loopback before the block's tests run. */
function listeningApp(env: Record<string, string>) {
  const ctx = sharedTestContext(env);
  beforeAll(async () => {
    await ctx.app.listen({ port: 0, host: "127.0.0.1" });
  });
  return ctx;
}

/** A connection that sends `text` and nothing more; resolves when the server closes it. */
async function openSlow(at: number, text: string): Promise<Slow> {
  const socket = net.connect(at, "127.0.0.1");
  let answered = "";
  socket.on("data", (d) => {
    answered += d;
  });
  const closedAt = new Promise<number>((resolve) => socket.once("close", () => resolve(Date.now())));
  socket.on("error", () => undefined);
  await new Promise<void>((resolve, reject) => {
    socket.once("connect", () => resolve());
    socket.once("error", reject);
  });
  socket.write(text);
  return { socket, sentAt: Date.now(), closedAt, answer: () => answered };
}

/** /healthz/live on a new connection, as a load balancer's probe. */
async function live(at: number): Promise<number> {
  const res = await fetch(`http://127.0.0.1:${at}/healthz/live`, {
    headers: { connection: "close" },
    signal: AbortSignal.timeout(2000),
  });
  return res.status;
}

/** Probes /healthz/live every 100 ms until `until` settles; answers every status it got. */
async function probeWhile(at: number, until: Promise<unknown>): Promise<(number | string)[]> {
  const statuses: (number | string)[] = [];
  let done = false;
  void until.finally(() => {
    done = true;
  });
  while (!done) {
    statuses.push(await live(at).catch((err: Error) => err.message));
    await new Promise((r) => setTimeout(r, 100));
  }
  return statuses;
}

const HALF_HEADERS = "GET /healthz/live HTTP/1.1\r\nHost: localhost\r\nUser-Agent: slow";

/** A thousand connections, opened one after another, each sending half of its headers and no more. */
async function openThousandHalfRequests(at: number): Promise<Slow[]> {
  const slow: Slow[] = [];
  for (let i = 0; i < 1000; i++) slow.push(await openSlow(at, HALF_HEADERS));
  return slow;
}

describe("a thousand connections that never finish their headers", () => {
  // The request and idle timeouts are a minute here, and the default headers timeout is 10 s: only the
  // configured headers timeout (1 s) can close these connections within the bound below.
  const ctx = listeningApp({
    HTTP_HEADERS_TIMEOUT_MS: "1000",
    HTTP_REQUEST_TIMEOUT_MS: "60000",
    HTTP_IDLE_TIMEOUT_MS: "60000",
  });

  it("are closed within the headers timeout, while /healthz/live keeps answering", async () => {
    const at = port(ctx);
    const slow = await openThousandHalfRequests(at);
    const allClosed = Promise.all(slow.map((s) => s.closedAt));
    const statuses = await probeWhile(at, allClosed);
    const closedAt = await allClosed;
    // Each is answered 408 (the server's timeout, not the client's) and closed. The timeout (1 s) counts
    // from each connection, checked every second: a little over 2 s after it was opened on a quiet machine;
    // this process handles the thousand closes and the probes itself, so on a starved machine the close is
    // seen seconds later. The bound stays below the 10 s that an unconfigured headers timeout would give.
    expect(slow.filter((s) => !s.answer().startsWith("HTTP/1.1 408 "))).toEqual([]);
    const longestOpen = Math.max(...slow.map((s, i) => (closedAt[i] ?? Number.POSITIVE_INFINITY) - s.sentAt));
    expect(longestOpen).toBeLessThan(8000);
    expect(statuses.length).toBeGreaterThan(3);
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
  });
});

describe("a request whose body stalls", () => {
  const ctx = listeningApp({ HTTP_HEADERS_TIMEOUT_MS: "1000", HTTP_REQUEST_TIMEOUT_MS: "1500" });

  it("is closed with the whole request's timeout", async () => {
    const at = port(ctx);
    const started = Date.now();
    const stalled = await openSlow(
      at,
      "POST /api/auth/sign-in HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{",
    );
    const closed = await stalled.closedAt;
    expect(closed - started).toBeGreaterThanOrEqual(1400);
    expect(closed - started).toBeLessThan(4000);
  });
});

describe("a kept-alive connection with nothing to do", () => {
  const ctx = listeningApp({ HTTP_KEEP_ALIVE_TIMEOUT_MS: "500" });

  it("is closed after the keep-alive timeout", async () => {
    const conn = await openSlow(port(ctx), "GET /healthz/live HTTP/1.1\r\nHost: localhost\r\n\r\n");
    const answered = Date.now();
    const closed = await conn.closedAt;
    expect(closed - answered).toBeGreaterThanOrEqual(400);
    expect(closed - answered).toBeLessThan(3000);
  });
});

describe("more connections than the cap", () => {
  const ctx = listeningApp({ HTTP_MAX_CONNECTIONS: "200", HTTP_HEADERS_TIMEOUT_MS: "20000" });

  it("close the oldest idle ones, never more than the cap open, and a health check still gets in", async () => {
    const at = port(ctx);
    const slow = await openThousandHalfRequests(at);
    // The headers timeout is 20 s: only the cap can have closed these so soon.
    await new Promise((r) => setTimeout(r, 200));
    const count = await new Promise<number>((resolve, reject) =>
      ctx.app.server.getConnections((err, n) => (err ? reject(err) : resolve(n))),
    );
    expect(count).toBeLessThanOrEqual(200);
    const stillOpen = slow.filter((s) => !s.socket.destroyed && s.socket.readyState === "open");
    expect(stillOpen.length).toBeLessThanOrEqual(200);
    // The newest stayed; the oldest made room.
    expect(slow[0]?.socket.readyState).not.toBe("open");
    for (let i = 0; i < 5; i++) expect(await live(at)).toBe(200);
    for (const s of slow) s.socket.destroy();
  });
});

describe("a file upload slower than the request timeout (decision 176)", () => {
  const ctx = listeningApp({ HTTP_HEADERS_TIMEOUT_MS: "1000", HTTP_REQUEST_TIMEOUT_MS: "1000" });

  /** Sends `head` then `pieces` one every 250 ms; answers what the server said, or "closed". */
  async function dribble(at: number, head: string, pieces: string[]): Promise<string> {
    const { socket, closed, answer } = await openRaw(at);
    socket.write(head);
    for (const piece of pieces) {
      await new Promise((r) => setTimeout(r, 250));
      if (socket.destroyed) break;
      socket.write(piece);
    }
    await Promise.race([closed, new Promise((r) => setTimeout(r, 2000))]);
    socket.destroy();
    return answer().split("\r\n")[0] || "closed";
  }

  it("goes through, where any other request sent as slowly is cut at the timeout", async () => {
    const at = port(ctx);
    const client = await createUser(ctx, "client");
    const body = `%PDF-1.7\n${"x".repeat(990)}\n`;
    const pieces = Array.from({ length: 10 }, (_, i) => body.slice(i * 100, (i + 1) * 100));
    const upload = dribble(
      at,
      `POST /api/files?name=slow.pdf HTTP/1.1\r\nHost: localhost\r\nCookie: ${client.cookie}\r\n` +
        `Content-Type: application/pdf\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n`,
      pieces,
    );
    const json = JSON.stringify({ email: "slow@example.com", password: "x".repeat(990) });
    const signIn = dribble(
      at,
      "POST /api/auth/sign-in HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n" +
        `Content-Length: ${json.length}\r\nConnection: close\r\n\r\n`,
      Array.from({ length: 10 }, (_, i) => json.slice(i * 100, (i + 1) * 100)),
    );
    expect(await upload).toBe("HTTP/1.1 201 Created");
    expect(await signIn).toMatch(/^(HTTP\/1\.1 408|closed)/);
  });
});

describe("a refused upload and a download left half-way (decision 176)", () => {
  const ctx = listeningApp({});

  it("answers a refused upload at once and closes its connection, reading none of the rest of its body", async () => {
    const client = await createUser(ctx, "client");
    const { socket, closed, answer } = await openRaw(port(ctx));
    // 26 MB announced, a few bytes sent, and then nothing: kept alive, the server would wait for the rest
    // until the request timeout (30 s), or, spared as an upload, for 15 minutes.
    socket.write(
      `POST /api/files?name=huge.pdf HTTP/1.1\r\nHost: localhost\r\nCookie: ${client.cookie}\r\n` +
        `Content-Type: application/pdf\r\nContent-Length: ${26 * 1024 * 1024}\r\n\r\n%PDF-1.7\n`,
    );
    await closed;
    expect(answer().split("\r\n")[0]).toBe("HTTP/1.1 413 Payload Too Large");
    expect(answer().toLowerCase()).toContain("connection: close");
  });

  it("stops reading every file of a ZIP export the client leaves", async () => {
    const user = await createUser(ctx, "client");
    const { uploaded } = fileHelpers(ctx);
    // Large enough that the archive is still on the first when the client leaves.
    const big = Buffer.concat([PDF, Buffer.alloc(3 * 1024 * 1024, 0x20)]);
    for (let i = 0; i < 3; i += 1) await uploaded(user, `doc-${i}.pdf`, big);
    const database = ctx.deps.files.database;
    const reads: Readable[] = [];
    ctx.deps.files.database = {
      ...database,
      read: (id) => {
        const stream = database.read(id);
        reads.push(stream);
        return stream;
      },
    };
    try {
      await new Promise<void>((resolve, reject) => {
        const request = http.get(
          { port: port(ctx), host: "127.0.0.1", path: "/api/account/export.zip", headers: { cookie: user.cookie } },
          (res) => {
            res.once("data", () => {
              request.destroy();
              resolve();
            });
          },
        );
        request.on("error", (err) => (err.message === "socket hang up" ? undefined : reject(err)));
      });
      expect(reads).toHaveLength(3);
      await expect.poll(() => reads.filter((r) => !r.destroyed).length).toBe(0);
    } finally {
      ctx.deps.files.database = database;
    }
  });
});
