import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { PASSWORD_RESET_LINK_INVALID_MESSAGE, PASSWORD_RESET_REQUESTED_MESSAGE } from "@/shared/auth";
import { accountTokens } from "../../db/schema/account-tokens";
import { emailsTo } from "../../test/reads";
import { sharedTestContext } from "../../test/shared-context";
import { as, createUser, signInRequest, startNewWindow, uniqueEmail } from "../../test/test-app";
import { findUserById } from "./queries";
import { MAX_RESET_EMAILS_PER_HOUR, PASSWORD_RESET_LIMIT } from "./recovery";
import { MAX_FAILURES_PER_PAIR } from "./throttle";

const ctx = sharedTestContext();

let network = 0;
/** Each test asks from its own network, so that the per-network limit is only met where a test means to. */
const nextAddress = () => `10.44.${++network}.1`;

const askReset = (email: string, remoteAddress = nextAddress()) =>
  ctx.app.inject({ method: "POST", url: "/api/auth/password-reset/request", payload: { email }, remoteAddress });
const reset = (token: string, password: string) =>
  ctx.app.inject({ method: "POST", url: "/api/auth/password-reset", payload: { token, password } });
const signIn = (email: string, password: string) => signInRequest(ctx, email, password, "10.45.0.1");

/** The token of the newest reset email to `address`, read from its link. */
async function resetToken(address: string): Promise<string> {
  const [email] = await emailsTo(ctx, address, "account.password_reset");
  const token = /\/reset-password#token=([A-Za-z0-9_-]+)/.exec(email?.textBody ?? "")?.[1];
  if (!token) throw new Error(`no reset link in the email to ${address}`);
  return token;
}

/** Asks for a reset link for `address` and answers the token it emailed. */
async function resetLinkFor(address: string): Promise<string> {
  await askReset(address);
  return resetToken(address);
}

describe("forgot password", () => {
  it("answers the same whether or not the email has an account, and emails only the owner a link", async () => {
    const user = await createUser(ctx, "client");
    const known = await askReset(user.email.toUpperCase());
    const unknown = await askReset(uniqueEmail("nobody"));
    for (const res of [known, unknown]) {
      expect(res.statusCode).toBe(202);
      expect(res.json()).toEqual({ message: PASSWORD_RESET_REQUESTED_MESSAGE });
    }
    const [email, ...more] = await emailsTo(ctx, user.email, "account.password_reset");
    expect(more).toEqual([]);
    expect(email?.subject).toBe("Reset your password");
    expect(email?.textBody).toContain("30 minutes");
    expect(email?.htmlBody).toContain("/reset-password#token=");
    // The table keeps the token's hash only; the token carries 256 random bits.
    const token = await resetToken(user.email);
    expect(token.length).toBeGreaterThanOrEqual(43);
    const rows = await ctx.database.db.select().from(accountTokens).where(eq(accountTokens.userId, user.id));
    expect(rows.map((r) => r.id)).toEqual([createHash("sha256").update(token).digest("hex")]);
    const [row] = rows;
    expect((row?.expiresAt.getTime() ?? 0) - (row?.createdAt.getTime() ?? 0)).toBe(30 * 60_000);
  });

  it("sets the new password with the link, once, ends every session and tells the owner", async () => {
    const user = await createUser(ctx, "provider");
    const token = await resetLinkFor(user.email);

    const res = await reset(token, "a-freshly-chosen-passphrase");
    expect(res.statusCode).toBe(204);
    expect((await as(ctx, user, { method: "GET", url: "/api/auth/user" })).statusCode).toBe(401);
    expect((await signIn(user.email, user.password)).statusCode).toBe(401);
    expect((await signIn(user.email, "a-freshly-chosen-passphrase")).statusCode).toBe(200);
    const [notice] = await emailsTo(ctx, user.email, "account.password_changed");
    expect(notice?.subject).toBe("Your password was changed");
    // The owner proved the address by opening what was sent to it.
    expect((await findUserById(ctx.database.db, user.id))?.emailVerifiedAt).not.toBeNull();

    const again = await reset(token, "yet-another-passphrase-2");
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(PASSWORD_RESET_LINK_INVALID_MESSAGE);
    expect((await signIn(user.email, "yet-another-passphrase-2")).statusCode).toBe(401);
  });

  it("refuses a link after 30 minutes, and a made-up one", async () => {
    const user = await createUser(ctx, "client");
    const token = await resetLinkFor(user.email);
    ctx.clock.advance(30 * 60_000 + 1000);
    const late = await reset(token, "a-freshly-chosen-passphrase");
    expect(late.statusCode).toBe(400);
    expect(late.json().message).toBe(PASSWORD_RESET_LINK_INVALID_MESSAGE);
    expect((await reset("made-up-token", "a-freshly-chosen-passphrase")).statusCode).toBe(400);
    expect((await signIn(user.email, user.password)).statusCode).toBe(200);
  });

  it("refuses a weak new password at its field and leaves the link usable", async () => {
    const user = await createUser(ctx, "client");
    const token = await resetLinkFor(user.email);
    const weak = await reset(token, "password123");
    expect(weak.statusCode).toBe(400);
    expect(weak.json().issues[0].field).toBe("password");
    expect((await reset(token, "a-freshly-chosen-passphrase")).statusCode).toBe(204);
  });

  it("lets only one of two uses of a link sent at once through", async () => {
    const user = await createUser(ctx, "client");
    const token = await resetLinkFor(user.email);
    const answers = await Promise.all([
      reset(token, "first-new-passphrase-1"),
      reset(token, "second-new-passphrase-2"),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([204, 400]);
    const winner = answers[0]?.statusCode === 204 ? "first-new-passphrase-1" : "second-new-passphrase-2";
    expect((await signIn(user.email, winner)).statusCode).toBe(200);
  });

  it("sends one account a few emails an hour at most, answering the same each time", async () => {
    const user = await createUser(ctx, "client");
    for (let i = 0; i < MAX_RESET_EMAILS_PER_HOUR + 2; i++) {
      const res = await askReset(user.email);
      expect(res.statusCode).toBe(202);
      expect(res.json().message).toBe(PASSWORD_RESET_REQUESTED_MESSAGE);
    }
    expect((await emailsTo(ctx, user.email, "account.password_reset")).length).toBe(MAX_RESET_EMAILS_PER_HOUR);
  });

  it("limits how often one network asks, with a 429 that says so", async () => {
    startNewWindow(ctx, PASSWORD_RESET_LIMIT.windowMs);
    const address = nextAddress();
    for (let i = 0; i < PASSWORD_RESET_LIMIT.max; i++) {
      expect((await askReset(uniqueEmail("spray"), address)).statusCode).toBe(202);
    }
    const over = await askReset(uniqueEmail("spray"), address);
    expect(over.statusCode).toBe(429);
    expect(over.json().message).toBe(PASSWORD_RESET_LIMIT.message);
  });

  it("shows admins that a reset email was sent, never its link", async () => {
    const user = await createUser(ctx, "client");
    const admin = await createUser(ctx, "admin");
    const token = await resetLinkFor(user.email);
    const res = await as(ctx, admin, { method: "GET", url: "/api/admin/emails" });
    expect(res.statusCode).toBe(200);
    const shown = res.json().emails.find((e: { toAddress: string; kind: string }) => e.toAddress === user.email);
    expect(shown.kind).toBe("account.password_reset");
    expect(shown.textBody).toContain("[link hidden: only the account's owner may open it]");
    expect(JSON.stringify(res.json())).not.toContain(token);
  });

  it("lets the owner in at once with the new password, after failures that would have turned them away", async () => {
    const user = await createUser(ctx, "client");
    const fromHome = (password: string) => signInRequest(ctx, user.email, password, "10.47.0.1");
    for (let i = 0; i < MAX_FAILURES_PER_PAIR; i++) expect((await fromHome("not-it-at-all")).statusCode).toBe(401);
    expect((await reset(await resetLinkFor(user.email), "a-freshly-chosen-passphrase")).statusCode).toBe(204);
    expect((await fromHome("a-freshly-chosen-passphrase")).statusCode).toBe(200);
  });

  it("ends the links sent before when the password is changed in Settings, or the account deleted", async () => {
    const changer = await createUser(ctx, "client");
    const before = await resetLinkFor(changer.email);
    const changed = await as(ctx, changer, {
      method: "POST",
      url: "/api/auth/password",
      payload: { currentPassword: changer.password, newPassword: "another-fine-passphrase" },
    });
    expect(changed.statusCode).toBe(204);
    expect((await reset(before, "a-freshly-chosen-passphrase")).statusCode).toBe(400);

    const leaver = await createUser(ctx, "client");
    const kept = await resetLinkFor(leaver.email);
    const deleted = await as(ctx, leaver, {
      method: "POST",
      url: "/api/account/delete",
      payload: { password: leaver.password },
    });
    expect(deleted.statusCode).toBe(204);
    expect(await ctx.database.db.select().from(accountTokens).where(eq(accountTokens.userId, leaver.id))).toEqual([]);
    expect((await reset(kept, "a-freshly-chosen-passphrase")).statusCode).toBe(400);
  });

  it("answers 400 for a malformed request", async () => {
    const res = await ctx.app.inject({
      method: "POST",
      url: "/api/auth/password-reset/request",
      payload: { email: "not-an-email" },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().issues[0].field).toBe("email");
  });
});
