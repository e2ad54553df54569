import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_TEST_CARDS, PLAN } from "@/shared/billing";
import { NOTIFICATION_KINDS, OUTBOX_PAGE_SIZE } from "@/shared/notifications";
import { loadConfig } from "../../config";
import { emailOutbox } from "../../db/schema/email-outbox";
import { notifications } from "../../db/schema/notifications";
import { createProvider } from "../../test/fixtures";
import { notifyWithEmail } from "../../test/notify";
import { submitRequest } from "../../test/scenarios";
import { as, createTestContext, createUser, type TestContext, type TestUser } from "../../test/test-app";
import { matchQuoteRequest } from "../matching/service";
import { createMailTransport, deliverDueEmails } from "./mail";

let ctx: TestContext;
let admin: TestUser;
beforeAll(async () => {
  // A trial's 15 days pass in one step here: the sessions must outlive them (the idle timeout has
  // its own tests in auth/sessions.test.ts).
  ctx = await createTestContext({ SESSION_IDLE_HOURS: String(365 * 24) });
  admin = await createUser(ctx, "admin");
});
afterAll(async () => {
  await ctx.close();
});

const DAY_MS = 24 * 60 * 60 * 1000;
type Caller = Pick<TestUser, "cookie"> | null;

const list = (user: Caller) => as(ctx, user, { method: "GET", url: "/api/notifications" });
const markRead = (user: Caller, id: number | string) =>
  as(ctx, user, { method: "POST", url: `/api/notifications/${id}/read` });
const readAll = (user: Caller) => as(ctx, user, { method: "POST", url: "/api/notifications/read-all" });
const prefs = (user: Caller) => as(ctx, user, { method: "GET", url: "/api/notifications/preferences" });
const setPrefs = (user: Caller, payload: unknown) =>
  as(ctx, user, {
    method: "PUT",
    url: "/api/notifications/preferences",
    payload: payload as Record<string, unknown>,
  });
const emails = (user: Caller, query = "") => as(ctx, user, { method: "GET", url: `/api/admin/emails${query}` });
const approve = (id: number) => as(ctx, admin, { method: "PATCH", url: `/api/admin/providers/${id}/approve` });
const reject = (id: number, reason: string) =>
  as(ctx, admin, { method: "PATCH", url: `/api/admin/providers/${id}/reject`, payload: { reason } });

const outboxOf = (userId: number) => ctx.database.db.select().from(emailOutbox).where(eq(emailOutbox.userId, userId));
const kindsOf = async (user: Caller) =>
  ((await list(user)).json().notifications as { kind: string }[]).map((n) => n.kind);

describe("the notification centre", () => {
  it("answers 401 to a visitor on every route", async () => {
    for (const res of [
      await list(null),
      await markRead(null, 1),
      await readAll(null),
      await prefs(null),
      await setPrefs(null, { preferences: [{ kind: "lead.delivered", email: false }] }),
      await emails(null),
    ]) {
      expect(res.statusCode).toBe(401);
    }
  });

  it("tells a provider of the approval, in the bell and by email, and no one else", async () => {
    const applicant = await createProvider(ctx, { companyStatus: "pending", subscription: null });
    const bystander = await createProvider(ctx);
    expect((await approve(applicant.companyId)).statusCode).toBe(200);

    const res = await list(applicant);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.unreadCount).toBe(1);
    expect(body.notifications).toHaveLength(1);
    expect(body.notifications[0]).toMatchObject({
      kind: "provider.approved",
      title: "Your company profile is approved",
      link: "/subscription",
      readAt: null,
    });
    const [mail] = await outboxOf(applicant.id);
    expect(mail).toMatchObject({ kind: "provider.approved", toAddress: applicant.email, status: "pending" });

    // Not visible to another user, whose own list is empty, and not theirs to mark read.
    expect((await list(bystander)).json()).toEqual({ notifications: [], unreadCount: 0, nextCursor: null });
    const theirs = body.notifications[0].id as number;
    for (const other of [bystander, admin]) {
      const attempt = await markRead(other, theirs);
      expect(attempt.statusCode).toBe(404);
      expect(attempt.json().message).toBe("This notification does not exist.");
    }
    expect((await list(applicant)).json().unreadCount).toBe(1);
  });

  it("tells a provider of the rejection, with the reason", async () => {
    const applicant = await createProvider(ctx, { companyStatus: "pending", subscription: null });
    expect((await reject(applicant.companyId, "Your website could not be reached.")).statusCode).toBe(200);
    const [n] = (await list(applicant)).json().notifications;
    expect(n).toMatchObject({ kind: "provider.rejected", link: "/provider-registration" });
    expect(n.body).toContain("Your website could not be reached");
    expect((await outboxOf(applicant.id)).map((m) => m.kind)).toEqual(["provider.rejected"]);
  });

  it("tells each provider who receives a lead, linking to the lead", async () => {
    const client = await createUser(ctx, "client");
    const requestId = await submitRequest(ctx, client, { title: "Reconcile <bank> statements" });
    const outcome = await matchQuoteRequest(ctx.deps, requestId);
    expect(outcome.status).toBe("done");
    const told = await ctx.database.db.select().from(notifications).where(eq(notifications.kind, "lead.delivered"));
    expect(told.length).toBeGreaterThan(0);
    for (const n of told) expect(n.link).toMatch(/^\/provider-dashboard\/leads\/\d+$/);
    const mail = await ctx.database.db.select().from(emailOutbox).where(eq(emailOutbox.kind, "lead.delivered"));
    expect(mail.length).toBe(told.length);
    // The client's text is escaped in the HTML part.
    for (const m of mail) expect(m.htmlBody).toContain("Reconcile &lt;bank&gt; statements");
  });

  it("tells a provider of each subscription event on the demo path", async () => {
    const provider = await createUser(ctx, "provider");
    const start = async () => (await as(ctx, provider, { method: "POST", url: "/api/create-subscription" })).json();
    const confirm = async (clientSecret: string, cardNumber: string) =>
      as(ctx, provider, {
        method: "POST",
        url: "/api/subscription/demo/confirm",
        payload: { clientSecret, cardNumber, expiry: "12 / 34", cvc: "123" },
      });

    // Waiting for the card: nothing to tell yet.
    const first = await start();
    expect(await kindsOf(provider)).toEqual([]);
    // The test card that attaches, then fails every charge.
    expect((await confirm(first.clientSecret, DEMO_TEST_CARDS.failsOnRenewal)).json().status).toBe("trialing");
    expect(await kindsOf(provider)).toEqual(["subscription.trial_started"]);
    // The trial ends and the first charge fails: past due, seen on the next read.
    ctx.clock.advance((PLAN.trialDays + 1) * DAY_MS);
    expect((await as(ctx, provider, { method: "GET", url: "/api/subscription" })).json().status).toBe("past_due");
    // Reading again changes nothing and tells nothing more.
    await as(ctx, provider, { method: "GET", url: "/api/subscription" });

    const canceled = await as(ctx, provider, { method: "POST", url: "/api/subscription/cancel" });
    expect(canceled.json().status).toBe("canceled");
    // A second subscription has no trial: it is charged and active at once.
    const second = await start();
    expect((await confirm(second.clientSecret, DEMO_TEST_CARDS.success)).json().status).toBe("active");

    expect(await kindsOf(provider)).toEqual([
      "subscription.activated",
      "subscription.canceled",
      "subscription.payment_failed",
      "subscription.trial_started",
    ]);
    const mail = await outboxOf(provider.id);
    expect(mail.map((m) => m.kind).sort()).toEqual([
      "subscription.activated",
      "subscription.canceled",
      "subscription.payment_failed",
      "subscription.trial_started",
    ]);
    for (const m of mail) {
      expect(m.toAddress).toBe(provider.email);
      expect(m.textBody).toContain("/subscription");
    }
  });

  it("marks one read, then all read, and counts what is unread", async () => {
    const provider = await createUser(ctx, "provider");
    const other = await createUser(ctx, "provider");
    await ctx.database.db
      .insert(notifications)
      .values([1, 2, 3].map((i) => ({ userId: provider.id, kind: "lead.delivered", title: `Lead ${i}`, body: "b" })));
    await ctx.database.db
      .insert(notifications)
      .values({ userId: other.id, kind: "lead.delivered", title: "Theirs", body: "b" });

    const before = (await list(provider)).json();
    expect(before.unreadCount).toBe(3);
    const one = before.notifications[0].id as number;
    const read = await markRead(provider, one);
    expect(read.statusCode).toBe(200);
    expect(read.json().readAt).not.toBeNull();
    // Marking it again keeps the first read time.
    expect((await markRead(provider, one)).json().readAt).toBe(read.json().readAt);
    expect((await list(provider)).json().unreadCount).toBe(2);

    const all = await readAll(provider);
    expect(all.statusCode).toBe(200);
    expect(all.json()).toEqual({ updated: 2, unreadCount: 0 });
    expect((await list(provider)).json().notifications.every((n: { readAt: string | null }) => n.readAt)).toBe(true);
    // Someone else's stay unread.
    expect((await list(other)).json().unreadCount).toBe(1);
  });

  it("shows the latest 20, newest first, with the count of all unread", async () => {
    const user = await createUser(ctx, "client");
    await ctx.database.db.insert(notifications).values(
      Array.from({ length: 25 }, (_, i) => ({
        userId: user.id,
        kind: "quote.received",
        title: `Quote ${i}`,
        body: "b",
        createdAt: new Date(Date.now() - (25 - i) * 1000),
      })),
    );
    const body = (await list(user)).json();
    expect(body.unreadCount).toBe(25);
    expect(body.notifications).toHaveLength(20);
    expect(body.notifications[0].title).toBe("Quote 24");
  });

  it("answers 400 naming the id when it is not a number", async () => {
    const user = await createUser(ctx, "client");
    const res = await markRead(user, "abc");
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^id: must be a notification id/);
  });
});

describe("notification preferences", () => {
  it("lists the kinds of the user's role and only those, email on by default", async () => {
    const provider = await createUser(ctx, "provider");
    const client = await createUser(ctx, "client");
    const p = (await prefs(provider)).json().preferences as { kind: string; email: boolean; label: string }[];
    expect(p.map((x) => x.kind)).toContain("lead.delivered");
    expect(p.map((x) => x.kind)).toContain("subscription.payment_failed");
    expect(p.every((x) => x.email && x.label)).toBe(true);
    // A client's card offers only what reaches clients: quotes on their requests, a provider taken off
    // one (decision 151), messages, and the invitation to review a hire.
    const c = (await prefs(client)).json().preferences as { kind: string }[];
    expect(c.map((x) => x.kind)).toEqual([
      "quote.received",
      "request.provider_withdrawn",
      "message.received",
      "review.invited",
    ]);
    const admin = await createUser(ctx, "admin");
    expect((await prefs(admin)).json().preferences).toEqual([]);
  });

  it("rejects unknown kinds, non-boolean values, repeats and empty lists, naming the field", async () => {
    const user = await createUser(ctx, "provider");
    const cases: [unknown, RegExp][] = [
      [{ preferences: [{ kind: "spam", email: false }] }, /^preferences\.0\.kind: must be one of/],
      [{ preferences: [{ kind: "lead.delivered", email: "no" }] }, /^preferences\.0\.email: must be true or false/],
      [
        {
          preferences: [
            { kind: "lead.delivered", email: false },
            { kind: "lead.delivered", email: true },
          ],
        },
        /^preferences: must list each kind once/,
      ],
      [{ preferences: [] }, /^preferences: must list at least one kind/],
      [{}, /^preferences: /],
    ];
    for (const [payload, message] of cases) {
      const res = await setPrefs(user, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    expect((await prefs(user)).json().preferences.every((p: { email: boolean }) => p.email)).toBe(true);
  });

  it("keeps the in-app notification but writes no email for a kind turned off, and only for that user", async () => {
    const quiet = await createProvider(ctx, { companyStatus: "pending", subscription: null });
    const loud = await createProvider(ctx, { companyStatus: "pending", subscription: null });
    const saved = await setPrefs(quiet, { preferences: [{ kind: "provider.approved", email: false }] });
    expect(saved.statusCode).toBe(200);
    const kinds = saved.json().preferences as { kind: string; email: boolean }[];
    expect(kinds.find((k) => k.kind === "provider.approved")?.email).toBe(false);
    expect(kinds.find((k) => k.kind === "provider.rejected")?.email).toBe(true);
    expect((await prefs(quiet)).json()).toEqual(saved.json());

    await approve(quiet.companyId);
    await approve(loud.companyId);
    expect(await kindsOf(quiet)).toEqual(["provider.approved"]);
    expect(await outboxOf(quiet.id)).toHaveLength(0);
    expect(await outboxOf(loud.id)).toHaveLength(1);

    // Turned back on, mail flows again.
    await setPrefs(quiet, { preferences: [{ kind: "provider.approved", email: true }] });
    await notifyWithEmail(ctx, quiet, "provider.approved", { subject: "s" });
    expect((await outboxOf(quiet.id)).map((m) => m.kind)).toEqual(["provider.approved"]);
  });

  it("accepts every known kind", async () => {
    const user = await createUser(ctx, "client");
    const res = await setPrefs(user, { preferences: NOTIFICATION_KINDS.map((kind) => ({ kind, email: false })) });
    expect(res.statusCode).toBe(200);
    expect(res.json().preferences.every((p: { email: boolean }) => !p.email)).toBe(true);
  });
});

describe("the admin's outbox", () => {
  it("is for admins only", async () => {
    for (const role of ["client", "provider"] as const) {
      expect((await emails(await createUser(ctx, role))).statusCode).toBe(403);
    }
  });

  it("lists the emails newest first, a page at a time, and says that SMTP is not configured", async () => {
    const user = await createUser(ctx, "client");
    await ctx.database.db.insert(emailOutbox).values(
      Array.from({ length: OUTBOX_PAGE_SIZE + 2 }, (_, i) => ({
        userId: user.id,
        toAddress: user.email,
        subject: `Paged ${i}`,
        textBody: "t",
        htmlBody: "<p>t</p>",
        kind: "quote.received",
        createdAt: new Date(Date.now() + 60_000 + i * 1000),
      })),
    );
    const first = await emails(admin);
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body).toMatchObject({
      page: 1,
      pageSize: OUTBOX_PAGE_SIZE,
      smtpConfigured: false,
      localMailbox: "/dev/mailbox",
    });
    expect(body.total).toBeGreaterThanOrEqual(OUTBOX_PAGE_SIZE + 2);
    expect(body.emails).toHaveLength(OUTBOX_PAGE_SIZE);
    expect(body.emails[0]).toMatchObject({
      subject: `Paged ${OUTBOX_PAGE_SIZE + 1}`,
      status: "pending",
      textBody: "t",
    });
    expect(body.emails[0]).not.toHaveProperty("htmlBody");
    const second = (await emails(admin, "?page=2")).json();
    expect(second.emails[0].subject).toBe("Paged 1");

    expect((await emails(admin, "?status=sent")).json().emails).toEqual([]);
    const bad = await emails(admin, "?page=0");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/^page: must be a page number/);
    expect((await emails(admin, "?status=lost")).statusCode).toBe(400);
  });

  const pending = () => ctx.database.db.select().from(emailOutbox).where(eq(emailOutbox.status, "pending"));

  it("keeps every email waiting when email is off (MAIL_DISABLED)", async () => {
    const before = await pending();
    expect(before.length).toBeGreaterThan(0);
    const mail = loadConfig({ MAIL_DISABLED: "true" }).mail;
    const outcome = await deliverDueEmails({
      ...ctx.deps,
      mail: { transport: createMailTransport(mail), from: mail.from },
    });
    expect(outcome).toEqual({ sent: 0, retrying: 0, failed: 0 });
    const after = await pending();
    expect(after.map((r) => [r.id, r.attempts])).toEqual(before.map((r) => [r.id, r.attempts]));
  });

  it("delivers every email to the local mailbox when no SMTP server is configured outside production", async () => {
    const before = await pending();
    expect(before.length).toBeGreaterThan(0);
    const outcome = await deliverDueEmails(ctx.deps);
    expect(outcome).toEqual({ sent: before.length, retrying: 0, failed: 0 });
    expect(await pending()).toEqual([]);
    expect((await emails(admin, "?status=sent")).json().total).toBeGreaterThanOrEqual(before.length);
  });
});
