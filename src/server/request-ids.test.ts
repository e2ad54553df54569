// Request ids (decision 162): each answer names its request's id, each log line the request causes
// carries it, and so do the runs of the jobs it enqueued.
import { beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "./app";
import { startWorkers } from "./jobs/workers";
import { createLogger } from "./logger";
import { createProvider } from "./test/fixtures";
import { submitRequest } from "./test/scenarios";
import { sharedTestContext } from "./test/shared-context";
import { as, createUser, type TestUser } from "./test/test-app";
import { waitFor } from "./test/wait";

type LogLine = Record<string, unknown> & { msg?: string; reqId?: string };
const raw: string[] = [];
const lines = (): LogLine[] => raw.map((line) => JSON.parse(line) as LogLine);
const logger = createLogger({ logLevel: "info", env: "test" }, { write: (line: string) => void raw.push(line) });

const ctx = sharedTestContext({}, { logger });
const NEW_ID = /^[\w-]{12}$/;

/** The one "request completed" line of the request with this id, checked to name the id once. */
function completedLine(reqId: string): LogLine {
  const found = raw.filter((line) => line.includes('"request completed"') && line.includes(`"${reqId}"`));
  expect(found).toHaveLength(1);
  expect(found[0]?.match(/"reqId"/g)).toHaveLength(1);
  return JSON.parse(found[0] ?? "{}") as LogLine;
}

describe("request ids", () => {
  let client: TestUser;
  beforeAll(async () => {
    client = await createUser(ctx, "client", "ids-client");
  });

  it("every answer names a new id, also on its log line; a caller cannot choose it when no proxy is trusted", async () => {
    const first = await ctx.app.inject({
      method: "GET",
      url: "/api/auth/user",
      headers: { "x-request-id": "chosen-by-me" },
    });
    const second = await ctx.app.inject({ method: "GET", url: "/api/auth/user" });
    const ids = [first.headers["x-request-id"], second.headers["x-request-id"]];
    for (const id of ids) expect(id).toMatch(NEW_ID);
    expect(ids[0]).not.toBe(ids[1]);
    expect(completedLine(String(ids[0]))).toMatchObject({ url: "/api/auth/user", statusCode: 401, reqId: ids[0] });
  });

  it("behind a trusted proxy, the proxy's X-Request-Id is the id, unless it could break a log line", async () => {
    const behindProxy = await buildApp(
      { ...ctx.deps, config: { ...ctx.deps.config, trustProxy: { hops: 1 } } },
      { serveWeb: false, logger },
    );
    try {
      const given = await behindProxy.inject({
        method: "GET",
        url: "/healthz",
        headers: { "x-request-id": "lb-7f3a.2" },
      });
      expect(given.headers["x-request-id"]).toBe("lb-7f3a.2");
      expect(completedLine("lb-7f3a.2")).toMatchObject({ url: "/healthz" });
      const broken = await behindProxy.inject({
        method: "GET",
        url: "/healthz",
        headers: { "x-request-id": 'x" injected="1' },
      });
      expect(broken.headers["x-request-id"]).toMatch(NEW_ID);
    } finally {
      await behindProxy.close();
    }
  });

  it("follows one request from its HTTP log line to the log line of the match job it enqueued", async () => {
    await createProvider(ctx);
    const res = await as(ctx, client, { method: "GET", url: "/api/quote-requests/me" });
    expect(res.statusCode).toBe(200);
    const quoteRequestId = await submitRequest(ctx, client);
    const submitted = raw
      .map((line) => JSON.parse(line) as LogLine)
      .filter((l) => l.msg === "request completed" && l.method === "POST" && l.url === "/api/quote-requests")
      .at(-1);
    const reqId = String(submitted?.reqId);
    expect(reqId).toMatch(NEW_ID);

    await startWorkers(ctx.deps, { schedules: false });
    const matched = await waitFor(
      () => lines().find((l) => l.msg === "matched quote request" && l.quoteRequestId === quoteRequestId),
      20_000,
      "the match job logs its run",
    );
    expect(matched.reqId).toBe(reqId);
    // A line the job wrote without a request (a periodic sweep's) names none: ids are never guessed.
    expect(lines().filter((l) => l.reqId === reqId && l.msg !== "request completed")).toContainEqual(matched);
  });
});
