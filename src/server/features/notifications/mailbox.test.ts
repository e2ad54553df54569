// The local mailbox (decision 159): a newcomer without SMTP signs up, confirms and resets a password
// through the links it shows; in production, with SMTP or with email off, it does not exist.
import type { FastifyInstance } from "fastify";
import { afterAll, describe, expect, it } from "vitest";
import { buildApp } from "../../app";
import { loadConfig } from "../../config";
import { emailOutbox } from "../../db/schema/email-outbox";
import { sharedTestContext } from "../../test/shared-context";
import { signInRequest, uniqueEmail } from "../../test/test-app";
import { linkedText, MAILBOX_PAGE_SIZE } from "./mailbox";

const ctx = sharedTestContext();
const apps: FastifyInstance[] = [];
afterAll(async () => {
  for (const app of apps) await app.close();
});

const get = (url: string, app: FastifyInstance = ctx.app) => app.inject({ method: "GET", url });

/** The mailbox's list, filtered to one address: each row's subject and message path. */
async function inboxOf(address: string): Promise<{ subject: string; path: string }[]> {
  const res = await get(`/dev/mailbox?to=${encodeURIComponent(address)}`);
  expect(res.statusCode).toBe(200);
  return [...res.body.matchAll(/<a href="(\/dev\/mailbox\/\d+)">([^<]*)<\/a>/g)].map((m) => ({
    path: m[1] ?? "",
    subject: m[2] ?? "",
  }));
}

/** The first link of an email's page that goes to `to`, as a browser would follow it. */
async function linkIn(messagePath: string, to: string): Promise<URL> {
  const page = await get(messagePath);
  expect(page.statusCode).toBe(200);
  const href = [...page.body.matchAll(/<a href="([^"]+)">/g)]
    .map((m) => (m[1] ?? "").replaceAll("&amp;", "&"))
    .find((h) => h.includes(to));
  if (!href) throw new Error(`no link to ${to} in ${page.body}`);
  return new URL(href);
}

async function signUp(email: string, password: string): Promise<void> {
  const payload = { firstName: "Grace", lastName: "Hopper", email, password };
  expect((await ctx.app.inject({ method: "POST", url: "/api/auth/sign-up", payload })).statusCode).toBe(202);
}

describe("the local mailbox, without SMTP outside production", () => {
  it("shows a new account's confirmation email with its link, which confirms; then a reset link that works", async () => {
    const email = uniqueEmail("mailbox");
    await signUp(email, "cobol-compiler-1959");

    const [confirm] = await inboxOf(email);
    expect(confirm?.subject).toBe("Confirm your email address");
    const confirmLink = await linkIn(confirm?.path ?? "", "/verify-email");
    const token = new URLSearchParams(confirmLink.hash.slice(1)).get("token");
    const verified = await ctx.app.inject({ method: "POST", url: "/api/auth/verify-email", payload: { token } });
    expect(verified.statusCode).toBe(200);

    expect(
      (await ctx.app.inject({ method: "POST", url: "/api/auth/password-reset/request", payload: { email } }))
        .statusCode,
    ).toBe(202);
    const inbox = await inboxOf(email);
    expect(inbox.map((m) => m.subject)).toEqual(["Reset your password", "Confirm your email address"]);
    const resetLink = await linkIn(inbox[0]?.path ?? "", "/reset-password");
    const reset = await ctx.app.inject({
      method: "POST",
      url: "/api/auth/password-reset",
      payload: { token: new URLSearchParams(resetLink.hash.slice(1)).get("token"), password: "flow-matic-1955" },
    });
    expect(reset.statusCode).toBe(204);
    expect((await signInRequest(ctx, email, "flow-matic-1955")).statusCode).toBe(200);
  });

  it("shows an email's HTML as sent, where nothing can run or load", async () => {
    const email = uniqueEmail("mailbox-html");
    await signUp(email, "analytical-engine-1843");
    const [message] = await inboxOf(email);
    const html = await get(`${message?.path}/html`);
    expect(html.statusCode).toBe(200);
    expect(html.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(html.headers["content-security-policy"]).toMatch(/^default-src 'none';/);
    expect(html.headers["cache-control"]).toBe("no-store");
    expect(html.body).toContain("/verify-email#token=");
  });

  it("pages the list newest first and filters it by recipient, the filter's text taken literally", async () => {
    const tag = `paged-${Date.now()}`;
    await ctx.database.db.insert(emailOutbox).values(
      Array.from({ length: MAILBOX_PAGE_SIZE + 1 }, (_, i) => ({
        userId: null,
        toAddress: `${tag}-${i}@example.com`,
        subject: `Paged ${i}`,
        textBody: "t",
        htmlBody: "<p>t</p>",
        kind: "quote.received",
        createdAt: new Date(Date.now() + 60_000 + i * 1000),
      })),
    );
    const first = await get("/dev/mailbox");
    expect(first.body).toMatch(/Page 1 of 2/);
    expect(first.body).toContain('<a href="/dev/mailbox?page=2">Older</a>');
    expect((await inboxOf(tag)).map((m) => m.subject).slice(0, 2)).toEqual([
      `Paged ${MAILBOX_PAGE_SIZE}`,
      `Paged ${MAILBOX_PAGE_SIZE - 1}`,
    ]);
    const filtered = await get(`/dev/mailbox?to=${tag}&page=2`);
    expect(filtered.body).toContain(`${MAILBOX_PAGE_SIZE + 1} emails to addresses containing`);
    expect(filtered.body).toContain(">Paged 0</a>");
    expect(filtered.body).toContain(`<a href="/dev/mailbox?page=1&amp;to=${tag}">Newer</a>`);
    expect(await inboxOf("%")).toEqual([]);
    expect((await get("/dev/mailbox?page=0")).statusCode).toBe(400);
  });

  it("answers 404 for an email that does not exist, 400 for an id that is not one", async () => {
    const missing = await get("/dev/mailbox/999999999");
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain("No such email");
    expect((await get("/dev/mailbox/999999999/html")).statusCode).toBe(404);
    expect((await get("/dev/mailbox/abc")).statusCode).toBe(400);
  });

  it("makes each web address of a text a link, and escapes the rest", () => {
    expect(linkedText("Open http://localhost:5000/verify-email#token=a&b <now>")).toBe(
      'Open <a href="http://localhost:5000/verify-email#token=a&amp;b">http://localhost:5000/verify-email#token=a&amp;b</a> &lt;now&gt;',
    );
  });
});

describe("where the mailbox does not exist", () => {
  /** The app on this file's database with another mail configuration. */
  async function appWith(env: Record<string, string>): Promise<FastifyInstance> {
    const app = await buildApp(
      { ...ctx.deps, config: { ...ctx.config, mail: loadConfig(env).mail } },
      { serveWeb: false },
    );
    apps.push(app);
    return app;
  }

  it.each([
    ["production, with email off", { NODE_ENV: "production", MAIL_DISABLED: "true" }],
    ["production, with SMTP", { NODE_ENV: "production", SMTP_URL: "smtp://mail.example.com" }],
    ["development, with SMTP", { SMTP_URL: "smtp://mail.example.com" }],
  ])("%s: it answers 404", async (_, env) => {
    const app = await appWith(env);
    for (const url of ["/dev/mailbox", "/dev/mailbox/1", "/dev/mailbox/1/html"]) {
      expect((await get(url, app)).statusCode).toBe(404);
    }
  });
});
