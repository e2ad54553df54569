import { describe, expect, it } from "vitest";
import type { AccountSession } from "@/shared/auth";
import { sharedTestContext } from "../../test/shared-context";
import { as, createUser, sessionCookie } from "../../test/test-app";
import { MAX_SESSIONS_PER_ACCOUNT } from "./service";

const ctx = sharedTestContext({ SESSION_IDLE_HOURS: "72", SESSION_TTL_DAYS: "30" });

const HOUR = 3600_000;
const MAC_CHROME =
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const IPHONE_SAFARI =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1";

async function signInFrom(user: { email: string; password: string }, userAgent: string) {
  const res = await ctx.app.inject({
    method: "POST",
    url: "/api/auth/sign-in",
    payload: { email: user.email, password: user.password },
    headers: { "user-agent": userAgent },
  });
  expect(res.statusCode).toBe(200);
  return { cookie: sessionCookie(res) };
}

const me = (device: { cookie: string }) => as(ctx, device, { method: "GET", url: "/api/auth/user" });
const list = async (device: { cookie: string }) => {
  const res = await as(ctx, device, { method: "GET", url: "/api/auth/sessions" });
  expect(res.statusCode).toBe(200);
  return res.json() as AccountSession[];
};

describe("session timeouts", () => {
  it("ends a session left unused past the idle timeout, and keeps one in use alive", async () => {
    const user = await createUser(ctx, "client");
    const idle = await signInFrom(user, MAC_CHROME);
    const busy = await signInFrom(user, IPHONE_SAFARI);
    for (let day = 0; day < 4; day++) {
      ctx.clock.advance(24 * HOUR);
      expect((await me(busy)).statusCode).toBe(200);
    }
    // Four days without a request: past the 72 hours.
    expect((await me(idle)).statusCode).toBe(401);
    expect((await list(busy)).length).toBe(1);
  });

  it("ends a session at its absolute end, however much it is used", async () => {
    const user = await createUser(ctx, "client");
    const device = await signInFrom(user, MAC_CHROME);
    for (let day = 0; day < 29; day++) {
      ctx.clock.advance(24 * HOUR);
      expect((await me(device)).statusCode, `day ${day + 1}`).toBe(200);
    }
    ctx.clock.advance(24 * HOUR + 60_000);
    expect((await me(device)).statusCode).toBe(401);
  });
});

describe("the account's sessions", () => {
  it("lists the live sessions with their device and last use, this one first, and nothing of the keys", async () => {
    const user = await createUser(ctx, "provider");
    const other = await createUser(ctx, "client");
    const laptop = await signInFrom(user, MAC_CHROME);
    ctx.clock.advance(2 * HOUR);
    const phone = await signInFrom(user, IPHONE_SAFARI);

    const fromLaptop = await list(laptop);
    const mine = fromLaptop.filter((s) => s.device !== "Unknown device");
    expect(mine.map((s) => [s.device, s.current])).toEqual([
      ["Chrome on macOS", true],
      ["Safari on iOS", false],
    ]);
    // createUser's own sign-in (no User-Agent) is live too.
    expect(fromLaptop.length).toBe(3);
    const body = JSON.stringify(fromLaptop);
    for (const cookie of [laptop.cookie, phone.cookie]) expect(body).not.toContain(cookie.slice(4));
    expect((await list(other)).map((s) => s.device)).toEqual(["Unknown device"]);
    // Using a session moves its last use, written at most once a minute.
    const [before] = await list(laptop);
    ctx.clock.advance(30_000);
    expect((await list(laptop))[0]?.lastSeenAt).toBe(before?.lastSeenAt);
    ctx.clock.advance(60_000);
    expect(Date.parse((await list(laptop))[0]?.lastSeenAt ?? "")).toBeGreaterThan(Date.parse(before?.lastSeenAt ?? ""));
  });

  it("signs out one session, and only the account's own", async () => {
    const user = await createUser(ctx, "client");
    const other = await createUser(ctx, "client");
    const laptop = await signInFrom(user, MAC_CHROME);
    const phone = await signInFrom(user, IPHONE_SAFARI);
    const phoneId = (await list(laptop)).find((s) => s.device === "Safari on iOS")?.id ?? "";

    const stranger = await as(ctx, other, { method: "DELETE", url: `/api/auth/sessions/${phoneId}` });
    expect(stranger.statusCode).toBe(404);
    expect((await me(phone)).statusCode).toBe(200);

    const res = await as(ctx, laptop, { method: "DELETE", url: `/api/auth/sessions/${phoneId}` });
    expect(res.statusCode).toBe(204);
    expect((await me(phone)).statusCode).toBe(401);
    expect((await me(laptop)).statusCode).toBe(200);
    const again = await as(ctx, laptop, { method: "DELETE", url: `/api/auth/sessions/${phoneId}` });
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe("That session has already ended.");
  });

  it("signs out everywhere, this browser included", async () => {
    const user = await createUser(ctx, "admin");
    const laptop = await signInFrom(user, MAC_CHROME);
    const phone = await signInFrom(user, IPHONE_SAFARI);
    const res = await as(ctx, laptop, { method: "POST", url: "/api/auth/sessions/sign-out-everywhere" });
    expect(res.statusCode).toBe(204);
    expect(res.cookies.find((c) => c.name === "sid")?.value).toBe("");
    for (const device of [laptop, phone, user]) expect((await me(device)).statusCode).toBe(401);
  });

  it(`keeps ${MAX_SESSIONS_PER_ACCOUNT} sessions at most, ending the least recently used`, async () => {
    const user = await createUser(ctx, "client");
    const devices = [];
    for (let i = 0; i < MAX_SESSIONS_PER_ACCOUNT; i++) {
      ctx.clock.advance(1000);
      devices.push(await signInFrom(user, MAC_CHROME));
    }
    // createUser's session was the least recently used.
    expect((await me(user)).statusCode).toBe(401);
    expect((await list(devices[0] ?? user)).length).toBe(MAX_SESSIONS_PER_ACCOUNT);
  });

  it("answers 401 to a visitor", async () => {
    expect((await ctx.app.inject({ method: "GET", url: "/api/auth/sessions" })).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: "DELETE", url: "/api/auth/sessions/abc" })).statusCode).toBe(401);
  });
});
