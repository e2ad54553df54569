import { describe, expect, it } from "vitest";
import { EMAIL_LINK_INVALID_MESSAGE, emailChangeAnswer } from "@/shared/auth";
import { unconfirmLikeAnEarlyAccount } from "../../test/accounts";
import { createProvider } from "../../test/fixtures";
import { emailsTo } from "../../test/reads";
import { leadRowOf, matchedRequest, quoteOn } from "../../test/scenarios";
import { sharedTestContext } from "../../test/shared-context";
import { as, createUser, sessionCookie, signInRequest, uniqueEmail } from "../../test/test-app";
import { RESEND_LIMIT } from "./verification";

const ctx = sharedTestContext();

async function linkToken(address: string): Promise<string> {
  const [mail] = await emailsTo(ctx, address, "account.email_verification");
  const token = /#token=([A-Za-z0-9_-]+)/.exec(mail?.textBody ?? "")?.[1];
  if (!token) throw new Error(`no confirmation link in the email to ${address}`);
  return token;
}

const verify = (token: string) => ctx.app.inject({ method: "POST", url: "/api/auth/verify-email", payload: { token } });
const me = (user: { cookie: string }) => as(ctx, user, { method: "GET", url: "/api/auth/user" });
const signIn = (email: string, password: string) => signInRequest(ctx, email, password, "10.46.0.1");

describe("email verification", () => {
  it("lets an unconfirmed account sign in, sends the link again on request, a few times an hour", async () => {
    const user = await createUser(ctx, "client", "unconfirmed", { verified: false });
    expect((await me(user)).json().emailVerified).toBe(false);
    for (let i = 0; i < RESEND_LIMIT.max; i++) {
      expect((await as(ctx, user, { method: "POST", url: "/api/auth/verify-email/resend" })).statusCode).toBe(202);
    }
    const limited = await as(ctx, user, { method: "POST", url: "/api/auth/verify-email/resend" });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe(RESEND_LIMIT.message);
    expect((await emailsTo(ctx, user.email, "account.email_verification")).length).toBe(RESEND_LIMIT.max);

    const opened = await verify(await linkToken(user.email));
    expect(opened.statusCode).toBe(200);
    expect(opened.json().emailVerified).toBe(true);
    expect((await me(user)).json().emailVerified).toBe(true);
    const again = await as(ctx, user, { method: "POST", url: "/api/auth/verify-email/resend" });
    expect(again.statusCode).toBe(409);
  });

  it("refuses a link used once already, one past its 24 hours, and a made-up one", async () => {
    const early = await createUser(ctx, "client", "early", { verified: false });
    await as(ctx, early, { method: "POST", url: "/api/auth/verify-email/resend" });
    const token = await linkToken(early.email);
    expect((await verify(token)).statusCode).toBe(200);
    const reused = await verify(token);
    expect(reused.statusCode).toBe(400);
    expect(reused.json().message).toBe(EMAIL_LINK_INVALID_MESSAGE);

    const late = await createUser(ctx, "client", "late", { verified: false });
    await as(ctx, late, { method: "POST", url: "/api/auth/verify-email/resend" });
    const lateToken = await linkToken(late.email);
    ctx.clock.advance(24 * 3600_000 + 1000);
    expect((await verify(lateToken)).statusCode).toBe(400);
    expect((await verify("made-up")).statusCode).toBe(400);
  });

  it("shows providers an unconfirmed client's contact details only once the client confirms the address", async () => {
    const client = await createUser(ctx, "client", "contact");
    const provider = await createProvider(ctx, {
      specialties: ["RPA", "Data Entry Automation", "Workflow Automation"],
    });
    const requestId = await matchedRequest(ctx, client);
    await unconfirmLikeAnEarlyAccount(ctx, client);
    const lead = await leadRowOf(ctx, provider, requestId);
    await quoteOn(ctx, provider, requestId, {
      amount: 12_000,
      timeline: "4 weeks",
      message: "We would automate the invoice entry end to end.",
    });

    const hidden = (await as(ctx, provider, { method: "GET", url: `/api/leads/${lead.id}` })).json();
    expect(hidden.request).not.toHaveProperty("client");
    expect(hidden.request.requirements).not.toHaveProperty("email");

    await as(ctx, client, { method: "POST", url: "/api/auth/verify-email/resend" });
    expect((await verify(await linkToken(client.email))).statusCode).toBe(200);
    const shown = (await as(ctx, provider, { method: "GET", url: `/api/leads/${lead.id}` })).json();
    expect(shown.request.client.email).toBe(client.email);
  });
});

describe("changing the email address", () => {
  const change = (user: { cookie: string }, email: string, currentPassword: string) =>
    as(ctx, user, { method: "POST", url: "/api/auth/email", payload: { email, currentPassword } });

  it("moves the account to the new address when the link sent there is opened, telling the old one", async () => {
    const user = await createUser(ctx, "provider");
    const next = uniqueEmail("moved");
    const res = await change(user, next.toUpperCase(), user.password);
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ message: emailChangeAnswer(next) });
    expect((await emailsTo(ctx, user.email, "account.email_changing")).length).toBe(1);
    // Nothing moves until the new address is proved.
    expect((await me(user)).json().email).toBe(user.email);

    const opened = await verify(await linkToken(next));
    expect(opened.statusCode).toBe(200);
    expect(opened.json()).toMatchObject({ id: user.id, email: next, emailVerified: true });
    expect((await signIn(next, user.password)).statusCode).toBe(200);
    expect((await signIn(user.email, user.password)).statusCode).toBe(401);
  });

  it("refuses a wrong password or the same address at their fields", async () => {
    const user = await createUser(ctx, "client");
    const wrong = await change(user, uniqueEmail("x"), "not-my-password");
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().issues[0].field).toBe("currentPassword");
    const same = await change(user, user.email, user.password);
    expect(same.statusCode).toBe(400);
    expect(same.json().issues[0].field).toBe("email");
  });

  it("answers an address that has an account as it answers a free one, telling that account's owner instead", async () => {
    const user = await createUser(ctx, "client");
    const taken = await createUser(ctx, "client");
    const res = await change(user, taken.email, user.password);
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ message: emailChangeAnswer(taken.email) });
    expect((await emailsTo(ctx, taken.email, "account.email_verification")).length).toBe(0);
    expect((await emailsTo(ctx, taken.email, "account.exists")).length).toBe(1);
  });

  it("counts moves to registered and free addresses alike, answering the one past the limit with the same 429", async () => {
    const taken = await createUser(ctx, "client");
    for (const first of ["free", "registered"] as const) {
      const user = await createUser(ctx, "client");
      for (let i = 0; i < RESEND_LIMIT.max; i++) {
        const target = first === "free" ? uniqueEmail("free") : taken.email;
        const res = await change(user, target, user.password);
        expect(res.statusCode).toBe(202);
        expect(res.json()).toEqual({ message: emailChangeAnswer(target) });
      }
      const toRegistered = await change(user, taken.email, user.password);
      const toFree = await change(user, uniqueEmail("free"), user.password);
      for (const res of [toRegistered, toFree]) {
        expect(res.statusCode).toBe(429);
        expect(res.json().message).toBe(RESEND_LIMIT.message);
      }
      expect(toRegistered.headers["retry-after"]).toBe(toFree.headers["retry-after"]);
    }
  });

  it("refuses the move with 409 when another account took the address before the link was opened", async () => {
    const user = await createUser(ctx, "client");
    const wanted = uniqueEmail("wanted");
    await change(user, wanted, user.password);
    const token = await linkToken(wanted);
    // Someone signs up with the address and confirms it first.
    await ctx.app.inject({
      method: "POST",
      url: "/api/auth/sign-up",
      payload: { firstName: "Quick", lastName: "Fingers", email: wanted, password: "plenty-of-passwords-9" },
      remoteAddress: "10.46.1.1",
    });
    const theirs = await linkToken(wanted);
    expect((await verify(theirs)).statusCode).toBe(200);
    const late = await verify(token);
    expect(late.statusCode).toBe(409);
    expect((await me(user)).json().email).toBe(user.email);
  });

  it("signs the browser in with the link, whatever it held", async () => {
    const email = uniqueEmail("linked");
    await ctx.app.inject({
      method: "POST",
      url: "/api/auth/sign-up",
      payload: { firstName: "Link", lastName: "Opener", email, password: "plenty-of-passwords-3" },
      remoteAddress: "10.46.2.1",
    });
    const opened = await verify(await linkToken(email));
    expect((await me({ cookie: sessionCookie(opened) })).json().email).toBe(email);
  });
});
