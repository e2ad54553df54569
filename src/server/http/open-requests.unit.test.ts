// The shutdown's list of open requests, on a real listening server: a request in progress is named by
// its route and age until it ends, whether it is answered or its client leaves.
import http from "node:http";
import Fastify from "fastify";
import { afterEach, describe, expect, it } from "vitest";
import { trackOpenRequests } from "./open-requests";

describe("trackOpenRequests", () => {
  const apps: ReturnType<typeof Fastify>[] = [];
  afterEach(async () => {
    await Promise.all(apps.splice(0).map((app) => app.close()));
  });

  async function serverWithSlowRoute() {
    const app = Fastify();
    apps.push(app);
    let clock = 1_000_000;
    const openRequests = trackOpenRequests(app, () => clock);
    let answer: (() => void) | undefined;
    const reached = new Promise<void>((resolve) => {
      app.get("/api/slow/:id", async () => {
        resolve();
        await new Promise<void>((r) => {
          answer = r;
        });
        return { done: true };
      });
    });
    app.get("/api/quick", async () => ({ ok: true }));
    await app.listen({ port: 0, host: "127.0.0.1" });
    const address = app.server.address();
    if (typeof address !== "object" || !address) throw new Error("not listening");
    return {
      openRequests,
      reached,
      answer: () => answer?.(),
      tick: (ms: number) => {
        clock += ms;
      },
      url: (path: string) => `http://127.0.0.1:${address.port}${path}`,
    };
  }

  it("names a request in progress by its route and age, and forgets it once answered", async () => {
    const s = await serverWithSlowRoute();
    expect((await fetch(s.url("/api/quick"))).status).toBe(200);
    expect(s.openRequests()).toEqual([]);

    const slow = fetch(s.url("/api/slow/42?token=secret"), { headers: { connection: "close" } });
    await s.reached;
    s.tick(31_000);
    expect(s.openRequests()).toEqual(["GET /api/slow/:id (31 s)"]);

    s.answer();
    expect((await slow).status).toBe(200);
    await expect.poll(() => s.openRequests()).toEqual([]);
  });

  it("forgets a request whose client left before the answer", async () => {
    const s = await serverWithSlowRoute();
    const left = new Promise<void>((resolve) => {
      const req = http.get(s.url("/api/slow/7"));
      req.on("error", () => resolve());
      void s.reached.then(() => req.destroy());
    });
    await left;
    await expect.poll(() => s.openRequests()).toEqual([]);
    s.answer();
  });
});
