import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { LOGIN_FAILED_MESSAGE, signUpAnswer } from "@/shared/auth";
import { emailOutbox } from "../../db/schema/email-outbox";
import { loginAttempts } from "../../db/schema/login-attempts";
import { sessions } from "../../db/schema/sessions";
import { emailsTo } from "../../test/reads";
import { sharedTestContext } from "../../test/shared-context";
import {
  as,
  createUser,
  FROM_ANOTHER_SITE,
  sessionCookie,
  startNewWindow,
  type TestUser,
  uniqueEmail,
} from "../../test/test-app";
import { LOGOUT_CONFIRM_BUTTON, LOGOUT_CONFIRM_TEXT, LOGOUT_CONFIRM_TITLE } from "./logout-page";
import { SIGN_UP_LIMIT } from "./routes";
import { purgeOldAuthRows } from "./service";
import { MAX_FAILURES_PER_ADDRESS, MAX_FAILURES_PER_PAIR, TOO_MANY_PASSWORD_TRIES } from "./throttle";

const ctx = sharedTestContext();

const signUp = (payload: Record<string, unknown>, remoteAddress?: string) =>
  ctx.app.inject({ method: "POST", url: "/api/auth/sign-up", payload, ...(remoteAddress ? { remoteAddress } : {}) });
const signIn = (payload: Record<string, unknown>, remoteAddress = "10.9.0.1") =>
  ctx.app.inject({ method: "POST", url: "/api/auth/sign-in", payload, remoteAddress });
const changePassword = (user: TestUser, currentPassword: string, newPassword: string, remoteAddress?: string) =>
  as(ctx, user, {
    method: "POST",
    url: "/api/auth/password",
    payload: { currentPassword, newPassword },
    ...(remoteAddress ? { remoteAddress } : {}),
  });

/** The token of the newest email of `kind` to `address`, read from its link. */
async function linkToken(address: string, kind: string): Promise<string> {
  const [email] = await emailsTo(ctx, address, kind);
  const token = /#token=([A-Za-z0-9_-]+)/.exec(email?.textBody ?? "")?.[1];
  if (!token) throw new Error(`no ${kind} link in the email to ${address}`);
  return token;
}

const verify = (token: string, cookie?: string) =>
  ctx.app.inject({
    method: "POST",
    url: "/api/auth/verify-email",
    payload: { token },
    ...(cookie ? { headers: { cookie } } : {}),
  });

describe("sign-up", () => {
  it("creates a client account and emails a link that confirms the address and signs the browser in", async () => {
    const email = uniqueEmail("new");
    const res = await signUp({
      firstName: "Ada",
      lastName: "Lovelace",
      email: email.toUpperCase(),
      password: "correct horse",
      returnTo: "/quote-request",
    });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ message: signUpAnswer(email) });
    // Nobody is signed in by the answer itself.
    expect(res.cookies.find((c) => c.name === "sid")).toBeUndefined();
    const [mail] = await ctx.database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, email));
    expect(mail?.kind).toBe("account.email_verification");
    expect(mail?.textBody).toContain("/verify-email#token=");
    expect(mail?.textBody).toContain("returnTo=%2Fquote-request");

    const opened = await verify(await linkToken(email, "account.email_verification"));
    expect(opened.statusCode).toBe(200);
    const body = opened.json();
    expect(body).toMatchObject({
      email,
      firstName: "Ada",
      lastName: "Lovelace",
      userType: "client",
      totalPoints: 0,
      level: 1,
      emailVerified: true,
    });
    expect(body).not.toHaveProperty("passwordHash");
    const cookie = opened.cookies.find((c) => c.name === "sid");
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe("Lax");
    expect(cookie?.value.length).toBeGreaterThanOrEqual(43); // 256 bits in base64url

    const me = await ctx.app.inject({
      method: "GET",
      url: "/api/auth/user",
      headers: { cookie: sessionCookie(opened) },
    });
    expect(me.statusCode).toBe(200);
    expect(Object.keys(me.json()).sort()).toEqual(
      ["createdAt", "email", "emailVerified", "firstName", "id", "lastName", "level", "totalPoints", "userType"].sort(),
    );
    expect(me.json().id).toBe(body.id);
  });

  it("answers an address that has an account exactly as a new one, and tells its owner by email instead", async () => {
    const owner = await createUser(ctx, "client");
    const answers = [];
    for (const email of [owner.email, uniqueEmail("fresh")]) {
      const res = await signUp({ firstName: "C", lastName: "D", email, password: "plenty-of-passwords-2" });
      answers.push({ status: res.statusCode, body: res.body.replace(email, "EMAIL"), cookies: res.cookies.length });
    }
    expect(answers[0]).toEqual(answers[1]);
    expect(answers[0]?.status).toBe(202);
    const told = await ctx.database.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toAddress, owner.email), eq(emailOutbox.kind, "account.exists")));
    expect(told.map((m) => m.subject)).toEqual(["You already have an account"]);
    // Nothing about the account changed: its own password still signs it in.
    expect((await signIn({ email: owner.email, password: owner.password })).statusCode).toBe(200);
    expect((await signIn({ email: owner.email, password: "plenty-of-passwords-2" }, "10.9.3.1")).statusCode).toBe(401);
  });

  it.each([
    [{ lastName: "B", email: "x@example.com", password: "plenty-of-passwords-1" }, "firstName"],
    [{ firstName: "A", email: "x@example.com", password: "plenty-of-passwords-1" }, "lastName"],
    [{ firstName: "A", lastName: "B", email: "not-an-email", password: "plenty-of-passwords-1" }, "email"],
    [{ firstName: "A", lastName: "B", email: "x@example.com", password: "short" }, "password"],
    [{ firstName: "A", lastName: "B", email: "x@example.com", password: "x".repeat(129) }, "password"],
  ])("answers 400 naming the bad field (%j)", async (payload, field) => {
    const res = await signUp(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().issues.map((i: { field: string }) => i.field)).toContain(field);
    expect(res.json().message).toContain(field);
  });

  it("limits the accounts one network makes in an hour, with a 429 that says so", async () => {
    const ip = "2001:db8:99:1::1";
    startNewWindow(ctx, SIGN_UP_LIMIT.windowMs);
    for (let i = 0; i < SIGN_UP_LIMIT.max; i++) {
      const res = await signUp(
        { firstName: "A", lastName: "B", email: uniqueEmail("many"), password: "plenty-of-passwords-1" },
        ip,
      );
      expect(res.statusCode).toBe(202);
    }
    // Another address of the same /64 is the same network.
    const over = await signUp(
      { firstName: "A", lastName: "B", email: uniqueEmail("many"), password: "plenty-of-passwords-1" },
      "2001:db8:99:1::2",
    );
    expect(over.statusCode).toBe(429);
    expect(over.json().message).toBe(SIGN_UP_LIMIT.message);
    expect(over.headers["retry-after"]).toBeDefined();
    const elsewhere = await signUp(
      { firstName: "A", lastName: "B", email: uniqueEmail("many"), password: "plenty-of-passwords-1" },
      "2001:db8:99:2::1",
    );
    expect(elsewhere.statusCode).toBe(202);
  });

  it("ends the session the browser held when the link signs it in", async () => {
    const before = await createUser(ctx, "client");
    const email = uniqueEmail("after");
    await signUp({ firstName: "New", lastName: "Person", email, password: "plenty-of-passwords-1" });
    const opened = await verify(await linkToken(email, "account.email_verification"), before.cookie);
    expect(opened.statusCode).toBe(200);
    expect((await as(ctx, before, { method: "GET", url: "/api/auth/user" })).statusCode).toBe(401);
  });

  it("never makes anyone other than a client", async () => {
    const email = uniqueEmail("sneaky");
    const res = await signUp({
      firstName: "A",
      lastName: "B",
      email,
      password: "plenty-of-passwords-1",
      userType: "admin",
    });
    expect(res.statusCode).toBe(202);
    expect((await verify(await linkToken(email, "account.email_verification"))).json().userType).toBe("client");
  });
});

describe("sign-in", () => {
  it("signs in with the right password and issues a new token each time", async () => {
    const user = await createUser(ctx, "client");
    const a = await signIn({ email: user.email, password: user.password });
    const b = await signIn({ email: user.email, password: user.password });
    expect(a.statusCode).toBe(200);
    expect(b.statusCode).toBe(200);
    expect(sessionCookie(a)).not.toBe(sessionCookie(b));
    expect(a.json().email).toBe(user.email);
  });

  it("says only 'Login failed' for a wrong password and for an unknown email", async () => {
    const user = await createUser(ctx, "client");
    const wrong = await signIn({ email: user.email, password: "wrong-password" }, "10.9.0.2");
    const unknown = await signIn({ email: uniqueEmail("nobody"), password: "whatever-1" }, "10.9.0.2");
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: LOGIN_FAILED_MESSAGE });
      expect(res.cookies.find((c) => c.name === "sid")).toBeUndefined();
    }
  });

  it("never locks the owner out: failures from anywhere slow the account down, and the right password gets in", async () => {
    const user = await createUser(ctx, "client");
    ctx.pauses.length = 0;
    // Six failures, each from another network: no network reaches its own limit.
    for (let i = 0; i < 6; i++) {
      expect((await signIn({ email: user.email, password: "nope-nope" }, `10.8.0.${i}`)).statusCode).toBe(401);
    }
    expect(ctx.pauses).toEqual([]);
    // From then on each attempt on the account waits longer, whatever its address.
    expect((await signIn({ email: user.email, password: "nope-nope" }, "10.8.0.9")).statusCode).toBe(401);
    const owner = await signIn({ email: user.email, password: user.password }, "10.8.1.1");
    expect(owner.statusCode).toBe(200);
    expect(ctx.pauses).toEqual([500, 1000]);
    // The owner's success ends the slow-down.
    expect((await signIn({ email: user.email, password: "nope-nope" }, "10.8.0.10")).statusCode).toBe(401);
    expect(ctx.pauses).toEqual([500, 1000]);
  });

  it("limits one network guessing one account, with 429, while the owner signs in from elsewhere", async () => {
    const user = await createUser(ctx, "client");
    for (let i = 0; i < MAX_FAILURES_PER_PAIR; i++) {
      expect((await signIn({ email: user.email, password: "nope-nope" }, "10.8.2.1")).statusCode).toBe(401);
    }
    const res = await signIn({ email: user.email, password: user.password }, "10.8.2.1");
    expect(res.statusCode).toBe(429);
    expect(res.headers["retry-after"]).toBeDefined();
    expect(res.json().message).toBe(TOO_MANY_PASSWORD_TRIES);
    expect((await signIn({ email: user.email, password: user.password }, "10.8.3.1")).statusCode).toBe(200);
  });

  it("never counts correct sign-ins sent at once as failures", async () => {
    const user = await createUser(ctx, "client");
    const answers = await Promise.all(
      Array.from({ length: MAX_FAILURES_PER_PAIR * 2 }, () =>
        signIn({ email: user.email, password: user.password }, "10.8.4.1"),
      ),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(answers.map(() => 200));
    const failed = await ctx.database.db.select().from(loginAttempts).where(eq(loginAttempts.email, user.email));
    expect(failed.filter((a) => !a.succeeded)).toEqual([]);
  });

  it("limits one address trying many accounts", async () => {
    const ip = "10.7.0.1";
    for (let i = 0; i < MAX_FAILURES_PER_ADDRESS; i++) {
      expect((await signIn({ email: uniqueEmail("spray"), password: "guess-guess" }, ip)).statusCode).toBe(401);
    }
    const user = await createUser(ctx, "client");
    expect((await signIn({ email: user.email, password: user.password }, ip)).statusCode).toBe(429);
    expect((await signIn({ email: user.email, password: user.password }, "10.7.0.2")).statusCode).toBe(200);
  });

  it("counts failures sent at once: no more than the limit reach the password check", async () => {
    const user = await createUser(ctx, "client");
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => signIn({ email: user.email, password: "nope-nope" }, "10.6.0.1")),
    );
    const codes = answers.map((r) => r.statusCode);
    // A 401 is a password that was checked: attempts on one account are checked one after another.
    expect(codes.filter((c) => c === 401).length).toBe(MAX_FAILURES_PER_PAIR);
    expect(codes.filter((c) => c === 429).length).toBe(12 - MAX_FAILURES_PER_PAIR);
    // Turned-away attempts do not count: the owner elsewhere is not slowed down.
    ctx.pauses.length = 0;
    expect((await signIn({ email: user.email, password: user.password }, "10.6.1.1")).statusCode).toBe(200);
    expect(ctx.pauses).toEqual([]);
  });

  it("counts the addresses of one IPv6 /64 together", async () => {
    for (let i = 0; i < MAX_FAILURES_PER_ADDRESS; i++) {
      const res = await signIn({ email: uniqueEmail("v6"), password: "guess-guess" }, `2001:db8:77:1::${i + 1}`);
      expect(res.statusCode).toBe(401);
    }
    const user = await createUser(ctx, "client");
    expect((await signIn({ email: user.email, password: user.password }, "2001:db8:77:1::ffff")).statusCode).toBe(429);
    expect((await signIn({ email: user.email, password: user.password }, "2001:db8:77:2::1")).statusCode).toBe(200);
  });
});

describe("cleaning up", () => {
  it("purges sign-in attempts older than a day and expired sessions, keeping the rest", async () => {
    const user = await createUser(ctx, "client");
    const db = ctx.database.db;
    const wrong = { email: user.email, password: "wrong-password" };
    // A failed sign-in, and a session that ends a second later.
    expect((await signIn(wrong, "10.5.0.1")).statusCode).toBe(401);
    await db
      .insert(sessions)
      .values({ id: "expired-session", userId: user.id, expiresAt: new Date(ctx.clock.now().getTime() + 1000) });
    // A day later another failed sign-in; an hour after that, the purge.
    ctx.clock.advance(24 * 3600_000);
    expect((await signIn(wrong, "10.5.0.2")).statusCode).toBe(401);
    ctx.clock.advance(3600_000);

    const purged = await purgeOldAuthRows(ctx.deps);
    expect(purged.attempts).toBeGreaterThanOrEqual(1);
    expect(purged.sessions).toBeGreaterThanOrEqual(1);
    const left = await db.select().from(loginAttempts).where(eq(loginAttempts.email, user.email));
    expect(left.map((a) => a.ip).filter((ip) => ip.startsWith("10.5."))).toEqual(["10.5.0.2"]);
    expect((await db.select().from(sessions).where(eq(sessions.id, "expired-session"))).length).toBe(0);
    // The user's live session (from createUser) is kept.
    expect((await as(ctx, user, { method: "GET", url: "/api/auth/user" })).statusCode).toBe(200);
  });
});

describe("GET /api/auth/user", () => {
  it("answers the spec's call with 401 when nobody is signed in, and the app's ?nullIfNone=1 with 200 and null", async () => {
    const visitor = await as(ctx, null, { method: "GET", url: "/api/auth/user" });
    expect(visitor.statusCode).toBe(401);
    const quiet = await as(ctx, null, { method: "GET", url: "/api/auth/user?nullIfNone=1" });
    expect(quiet.statusCode).toBe(200);
    expect(quiet.json()).toBeNull();
    const user = await createUser(ctx, "client");
    const signedIn = await as(ctx, user, { method: "GET", url: "/api/auth/user?nullIfNone=1" });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json()).toEqual((await as(ctx, user, { method: "GET", url: "/api/auth/user" })).json());
    expect((await as(ctx, null, { method: "GET", url: "/api/auth/user?nullIfNone=yes" })).statusCode).toBe(400);
  });
});

describe("sign-out", () => {
  it("ends the session on the server: the old cookie answers 401", async () => {
    const user = await createUser(ctx, "provider");
    expect((await as(ctx, user, { method: "GET", url: "/api/auth/user" })).statusCode).toBe(200);
    const out = await as(ctx, user, {
      method: "POST",
      url: "/api/auth/sign-out",
    });
    expect(out.statusCode).toBe(204);
    expect((await as(ctx, user, { method: "GET", url: "/api/auth/user" })).statusCode).toBe(401);
  });

  it("GET /api/logout ends the session and goes to /", async () => {
    const user = await createUser(ctx, "client");
    const res = await as(ctx, user, { method: "GET", url: "/api/logout" });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe("/");
    expect((await as(ctx, user, { method: "GET", url: "/api/auth/user" })).statusCode).toBe(401);
  });

  it("GET /api/logout from the site's own pages or a typed address signs out at once, as before", async () => {
    const own = new URL(ctx.config.publicUrl).origin;
    for (const headers of [
      { "sec-fetch-site": "same-origin", referer: `${own}/dashboard` },
      { "sec-fetch-site": "none" },
      { referer: `${own}/dashboard` },
    ]) {
      const user = await createUser(ctx, "client");
      const res = await as(ctx, user, { method: "GET", url: "/api/logout", headers });
      expect(res.statusCode, JSON.stringify(headers)).toBe(302);
      expect(res.headers.location).toBe("/");
      expect((await as(ctx, user, { method: "GET", url: "/api/auth/user" })).statusCode).toBe(401);
    }
  });

  it("GET /api/logout from another site's link asks first; the page's form signs out", async () => {
    const own = new URL(ctx.config.publicUrl).origin;
    for (const headers of [
      { "sec-fetch-site": "cross-site" },
      { "sec-fetch-site": "same-site", referer: "https://blog.automatch.example/" },
      { referer: "https://evil.example/page" },
      { origin: "https://evil.example" },
    ]) {
      const user = await createUser(ctx, "client");
      const page = await as(ctx, user, { method: "GET", url: "/api/logout", headers });
      expect(page.statusCode, JSON.stringify(headers)).toBe(200);
      expect(page.headers["content-type"]).toBe("text/html; charset=utf-8");
      expect(page.headers["cache-control"]).toBe("no-store");
      expect(page.headers["set-cookie"]).toBeUndefined();
      expect(page.body).toContain(`<title>${LOGOUT_CONFIRM_TITLE}</title>`);
      expect(page.body).toContain(LOGOUT_CONFIRM_TEXT);
      expect(page.body).toContain('<form method="post" action="/api/logout">');
      expect(page.body).toContain(`<button type="submit">${LOGOUT_CONFIRM_BUTTON}</button>`);
      // The CSP allows no inline script: the page has none, and no event handler attribute.
      expect(page.body).not.toMatch(/<script|\son[a-z]+=/i);
      const csp = String(page.headers["content-security-policy"]);
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("form-action 'self'");
      expect((await as(ctx, user, { method: "GET", url: "/api/auth/user" })).statusCode).toBe(200);

      // Another site's page cannot submit the form for the user.
      const forged = await as(ctx, user, { method: "POST", url: "/api/logout", headers: FROM_ANOTHER_SITE });
      expect(forged.statusCode).toBe(403);
      expect((await as(ctx, user, { method: "GET", url: "/api/auth/user" })).statusCode).toBe(200);

      const confirmed = await as(ctx, user, {
        method: "POST",
        url: "/api/logout",
        headers: { "sec-fetch-site": "same-origin", origin: own },
      });
      expect(confirmed.statusCode).toBe(303);
      expect(confirmed.headers.location).toBe("/");
      expect(String(confirmed.headers["set-cookie"])).toMatch(/sid=;/);
      expect((await as(ctx, user, { method: "GET", url: "/api/auth/user" })).statusCode).toBe(401);
    }
  });

  it("GET /api/logout from another site without a session has nothing to ask: it goes to /", async () => {
    const res = await ctx.app.inject({
      method: "GET",
      url: "/api/logout",
      headers: { "sec-fetch-site": "cross-site" },
    });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe("/");
  });

  it("GET /api/login leads to the sign-in page and keeps only same-site places to return to", async () => {
    const to = async (url: string) => (await ctx.app.inject({ method: "GET", url })).headers.location;
    expect(await to("/api/login")).toBe("/login");
    expect(await to("/api/login?returnTo=%2Fquote-request")).toBe("/login?returnTo=%2Fquote-request");
    expect(await to("/api/login?returnTo=https%3A%2F%2Fevil.example")).toBe("/login");
    expect(await to("/api/login?returnTo=%2F%2Fevil.example")).toBe("/login");
  });
});

describe("sessions and guards", () => {
  it("answers 401 without a cookie and with a forged one", async () => {
    expect((await ctx.app.inject({ method: "GET", url: "/api/auth/user" })).statusCode).toBe(401);
    const forged = await ctx.app.inject({
      method: "GET",
      url: "/api/auth/user",
      headers: { cookie: "sid=forged-token" },
    });
    expect(forged.statusCode).toBe(401);
  });

  it("lets each role through its own guard only", async () => {
    const users = {
      client: await createUser(ctx, "client"),
      provider: await createUser(ctx, "provider"),
      admin: await createUser(ctx, "admin"),
    };
    for (const [role, user] of Object.entries(users)) {
      for (const guarded of ["client", "provider", "admin"]) {
        const res = await as(ctx, user, { method: "GET", url: `/api/auth/check/${guarded}` });
        expect(res.statusCode, `${role} on ${guarded}`).toBe(role === guarded ? 200 : 403);
        if (role !== guarded) expect(res.json().message).toBeTruthy();
      }
    }
    for (const guarded of ["client", "provider", "admin"]) {
      expect((await ctx.app.inject({ method: "GET", url: `/api/auth/check/${guarded}` })).statusCode).toBe(401);
    }
  });

  it("answers malformed JSON with 400 and a message, never 500", async () => {
    const res = await ctx.app.inject({
      method: "POST",
      url: "/api/auth/sign-in",
      headers: { "content-type": "application/json" },
      payload: "{not json",
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBeTruthy();
  });

  it("reports database health and serves the OpenAPI document", async () => {
    expect((await ctx.app.inject({ method: "GET", url: "/healthz" })).json()).toEqual({ status: "ok", database: "up" });
    const docs = await ctx.app.inject({ method: "GET", url: "/api/docs/json" });
    expect(docs.statusCode).toBe(200);
    expect(Object.keys(docs.json().paths)).toContain("/api/auth/user");
  });
});

describe("account settings", () => {
  it("changes the signed-in user's name only", async () => {
    const user = await createUser(ctx, "client");
    const other = await createUser(ctx, "client");
    const res = await as(ctx, user, {
      method: "PATCH",
      url: "/api/auth/profile",
      payload: { firstName: "Renamed", lastName: "Person" },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: user.id, firstName: "Renamed", lastName: "Person" });
    expect((await as(ctx, other, { method: "GET", url: "/api/auth/user" })).json().firstName).not.toBe("Renamed");
    const bad = await as(ctx, user, {
      method: "PATCH",
      url: "/api/auth/profile",
      payload: { firstName: "", lastName: "X", userType: "admin" },
    });
    expect(bad.statusCode).toBe(400);
    expect((await as(ctx, user, { method: "GET", url: "/api/auth/user" })).json().userType).toBe("client");
    expect(
      (await ctx.app.inject({ method: "PATCH", url: "/api/auth/profile", payload: { firstName: "A", lastName: "B" } }))
        .statusCode,
    ).toBe(401);
  });

  it("changes the password, ends the other sessions and keeps this one", async () => {
    const user = await createUser(ctx, "provider");
    const elsewhere = await signIn({ email: user.email, password: user.password }, "10.5.0.1");
    const otherDevice = { cookie: sessionCookie(elsewhere) };
    const res = await changePassword(user, user.password, "a-brand-new-passphrase");
    expect(res.statusCode).toBe(204);
    expect((await as(ctx, user, { method: "GET", url: "/api/auth/user" })).statusCode).toBe(200);
    expect((await as(ctx, otherDevice, { method: "GET", url: "/api/auth/user" })).statusCode).toBe(401);
    expect((await signIn({ email: user.email, password: user.password }, "10.5.0.2")).statusCode).toBe(401);
    expect((await signIn({ email: user.email, password: "a-brand-new-passphrase" }, "10.5.0.3")).statusCode).toBe(200);
  });

  it("refuses a wrong current password or a weak new one with 400, changing nothing", async () => {
    const user = await createUser(ctx, "client");
    const wrong = await changePassword(user, "not-it-at-all", "another-passphrase");
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toMatch(/current password/);
    const weak = await changePassword(user, user.password, "short");
    expect(weak.statusCode).toBe(400);
    expect(weak.json().issues[0].field).toBe("newPassword");
    expect((await signIn({ email: user.email, password: user.password }, "10.5.0.4")).statusCode).toBe(200);
  });
});

describe("passwords the policy refuses", () => {
  it.each([
    ["password123", /too easy to guess/],
    ["12345678", /too easy to guess/],
  ])("refuses %s at sign-up with 400 on the password field, saying why", async (password, why) => {
    const res = await signUp({ firstName: "Ada", lastName: "Lovelace", email: uniqueEmail("weak"), password });
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toEqual([{ field: "password", message: expect.stringMatching(why) }]);
  });

  it("refuses the account's own email or name as its password", async () => {
    const email = uniqueEmail("own");
    const res = await signUp({ firstName: "Grace", lastName: "Hopper-Cobol", email, password: email });
    expect(res.statusCode).toBe(400);
    expect(res.json().issues[0]).toEqual({
      field: "password",
      message: "Password must not be your email address or name.",
    });
    const name = await signUp({ firstName: "Grace", lastName: "Hopper-Cobol", email, password: "hopper-cobol" });
    expect(name.statusCode).toBe(400);
  });

  it("refuses a weak new password when changing it", async () => {
    const user = await createUser(ctx, "client");
    const res = await changePassword(user, user.password, "password123");
    expect(res.statusCode).toBe(400);
    expect(res.json().issues[0].field).toBe("newPassword");
    expect((await signIn({ email: user.email, password: user.password }, "10.5.1.4")).statusCode).toBe(200);
  });

  it("limits wrong current passwords on the change form like sign-in attempts", async () => {
    const user = await createUser(ctx, "client");
    const change = (currentPassword: string) =>
      changePassword(user, currentPassword, "a-brand-new-passphrase", "10.5.2.1");
    for (let i = 0; i < MAX_FAILURES_PER_PAIR; i++) expect((await change("not-it-at-all")).statusCode).toBe(400);
    const limited = await change(user.password);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers["retry-after"]).toBeDefined();
  });
});

describe("order of checks", () => {
  it("tells a visitor to sign in before judging the body: 401, not 400", async () => {
    const res = await ctx.app.inject({ method: "PATCH", url: "/api/auth/profile", payload: { firstName: "" } });
    expect(res.statusCode).toBe(401);
    const admin = await ctx.app.inject({ method: "PATCH", url: "/api/admin/providers/abc/approve", payload: {} });
    expect(admin.statusCode).toBe(401);
  });
});
