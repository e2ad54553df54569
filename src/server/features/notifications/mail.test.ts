// The outbox sender against a real SMTP server on loopback, through the background job.
import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailOutbox } from "../../db/schema/email-outbox";
import { JOB_NAMES } from "../../jobs/queue";
import { startWorkers } from "../../jobs/workers";
import { createProvider } from "../../test/fixtures";
import { metricValue } from "../../test/metrics";
import { notifyWithEmail } from "../../test/notify";
import { headerOf, partsOf, startSmtpServer, type TestSmtpServer } from "../../test/smtp-server";
import { as, createTestContext, createUser, type TestContext, type TestUser } from "../../test/test-app";

let smtp: TestSmtpServer;
let ctx: TestContext;
let admin: TestUser;
const FROM = "notify@automatch.test";

beforeAll(async () => {
  smtp = await startSmtpServer();
  ctx = await createTestContext({ SMTP_URL: smtp.url, MAIL_FROM: FROM });
  admin = await createUser(ctx, "admin");
  await startWorkers(ctx.deps, { schedules: false });
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});

const rowOf = async (id: number) => (await ctx.database.db.select().from(emailOutbox).where(eq(emailOutbox.id, id)))[0];
const rowsTo = (address: string) =>
  ctx.database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, address));

async function waitFor<T>(what: string, probe: () => Promise<T | undefined | null | false>): Promise<T> {
  const until = Date.now() + 20_000;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * Writes an email through notifyUser in its own transaction, as a feature does, which also asks for
 * the sender; answers its outbox id.
 */
async function queueEmail(user: TestUser, email: { to?: string; subject: string }): Promise<number> {
  await notifyWithEmail(ctx, user, "quote.received", email);
  const [row] = await ctx.database.db
    .select({ id: emailOutbox.id })
    .from(emailOutbox)
    .where(eq(emailOutbox.userId, user.id))
    .orderBy(desc(emailOutbox.id))
    .limit(1);
  if (!row) throw new Error("no outbox row");
  return row.id;
}

/** The sender's outcomes so far, as GET /metrics shows them. */
const emailsCounted = (outcome: "sent" | "retrying" | "failed") =>
  metricValue(ctx.deps.metrics, "automatch_emails_total", { outcome });

/** Asks for the sender as the periodic sweep does: for rows that no notifyUser asked for, or retries due. */
const sweep = () => ctx.jobs.send(JOB_NAMES.sendEmails, { reason: "test" });

/** Writes an outbox row directly, past notifyUser's clean-up, as a bug elsewhere might. */
async function insertRawEmail(user: TestUser, subject: string): Promise<number> {
  const [row] = await ctx.database.db
    .insert(emailOutbox)
    .values({
      userId: user.id,
      toAddress: user.email,
      subject,
      textBody: "plain",
      htmlBody: "<p>html</p>",
      kind: "quote.received",
    })
    .returning({ id: emailOutbox.id });
  if (!row) throw new Error("no outbox row");
  return row.id;
}

describe("sending the outbox over SMTP", () => {
  it("sends an approval email through the job: from, to, subject, a text and an HTML part", async () => {
    const applicant = await createProvider(ctx, { companyStatus: "pending", subscription: null });
    const res = await as(ctx, admin, {
      method: "PATCH",
      url: `/api/admin/providers/${applicant.companyId}/approve`,
    });
    expect(res.statusCode).toBe(200);
    // The approval asked for a send in its own transaction; the job delivers it.
    const mail = await waitFor("the approval email", async () =>
      smtp.received.find((m) => m.rcptTo.includes(applicant.email)),
    );
    expect(mail.mailFrom).toBe(FROM);
    expect(mail.rcptTo).toEqual([applicant.email]);
    expect(headerOf(mail.raw, "From")).toBe(`Automatch <${FROM}>`);
    expect(headerOf(mail.raw, "To")).toBe(applicant.email);
    expect(headerOf(mail.raw, "Subject")).toMatch(/^Provider \d+ Automation is approved on Automatch$/);
    expect(headerOf(mail.raw, "Content-Type")).toMatch(/^multipart\/alternative/);
    const parts = partsOf(mail.raw);
    expect(parts.get("text/plain")).toContain("has been approved");
    expect(parts.get("text/html")).toMatch(/<strong>Provider \d+ Automation<\/strong> has been approved/);

    // The server keeps the message before it answers 250; the row is marked sent once that answer lands.
    const row = await waitFor("the row marked sent", async () => {
      const [sent] = await rowsTo(applicant.email);
      return sent?.status === "sent" && sent;
    });
    expect(row).toMatchObject({ status: "sent", attempts: 1, lastError: null });
    expect(row.sentAt).not.toBeNull();
  });

  it("makes a subject from a user's text one line of at most 200 characters, and sends it to the user only", async () => {
    const user = await createUser(ctx, "client");
    // No one asks for the sender here: writing the emails did.
    const injected = await queueEmail(user, { subject: "Hello\r\nBcc: victim@example.com" });
    const long = await queueEmail(user, { subject: `Long ${"x".repeat(300)}` });

    const sent = await waitFor("both emails", async () => {
      const rows = await Promise.all([rowOf(injected), rowOf(long)]);
      return rows.every((r) => r?.status === "sent") && rows;
    });
    expect(sent[0]?.subject).toBe("Hello Bcc: victim@example.com");
    expect(sent[1]?.subject).toHaveLength(200);
    expect(sent[1]?.subject).toMatch(/^Long x+…$/);
    const mails = smtp.received.filter((m) => m.rcptTo.includes(user.email));
    expect(mails).toHaveLength(2);
    expect(mails.every((m) => m.rcptTo.length === 1)).toBe(true);
    expect(smtp.received.some((m) => m.rcptTo.includes("victim@example.com"))).toBe(false);
    expect(mails.map((m) => headerOf(m.raw, "Bcc"))).toEqual([undefined, undefined]);
  });

  it("refuses header injection: the row is marked failed with the reason and nothing is sent", async () => {
    const user = await createUser(ctx, "client");
    // Read before any row is written: the send that queueEmail asks for may refuse the rows written so far
    // before the sweep below runs.
    const receivedBefore = smtp.received.length;
    const failedBefore = await emailsCounted("failed");
    const badSubject = await insertRawEmail(user, "Hello\r\nBcc: victim@example.com");
    const badAddress = await queueEmail(user, {
      to: `${user.email}\r\nBcc: victim@example.com`,
      subject: "Injected address",
    });
    const longSubject = await insertRawEmail(user, `Long ${"x".repeat(300)}`);
    await sweep();

    const failed = await waitFor("the refusals", async () => {
      const rows = await Promise.all([rowOf(badSubject), rowOf(badAddress), rowOf(longSubject)]);
      return rows.every((r) => r?.status === "failed") && rows;
    });
    expect(failed.map((r) => r?.lastError)).toEqual([
      "Not sent: The subject contains a line break or control character.",
      "Not sent: The recipient is not a valid email address.",
      "Not sent: The subject is longer than 200 characters.",
    ]);
    expect(failed.every((r) => r?.sentAt === null)).toBe(true);
    expect(smtp.received.length).toBe(receivedBefore);
    expect(smtp.received.some((m) => m.rcptTo.includes("victim@example.com") || headerOf(m.raw, "Bcc"))).toBe(false);
    // The metrics count the three refusals once the sender's run ends (decision 161).
    await waitFor("the refusals counted", async () => (await emailsCounted("failed")) === failedBefore + 3);
  });

  it("retries with a growing delay while the server refuses, and sends once it recovers: nothing is lost", async () => {
    const user = await createUser(ctx, "client");
    smtp.failing = true;
    const counted = { sent: await emailsCounted("sent"), retrying: await emailsCounted("retrying") };
    try {
      const id = await queueEmail(user, { subject: "Survives an outage" });
      const first = await waitFor("the first failed attempt", async () => {
        const row = await rowOf(id);
        return row?.attempts === 1 && row.lastError !== null && row;
      });
      expect(first.status).toBe("pending");
      expect(first.lastError).toMatch(/451/);
      // Waiting in the outbox, and counted as a send to try again (decision 161).
      expect(await metricValue(ctx.deps.metrics, "automatch_emails_waiting")).toBe(1);
      await waitFor("the retry counted", async () => (await emailsCounted("retrying")) === counted.retrying + 1);
      // Not tried again before its time: about a minute later.
      const delay = first.nextAttemptAt.getTime() - ctx.clock.now().getTime();
      expect(delay).toBeGreaterThan(30_000);
      expect(delay).toBeLessThanOrEqual(60_000);

      // Time passes (the retry comes due) and the server still refuses: the next wait is longer.
      const refusedBefore = smtp.refused;
      ctx.clock.advance(delay + 1000);
      await sweep();
      const second = await waitFor("the second failed attempt", async () => {
        const row = await rowOf(id);
        // Claimed rows move 5 minutes ahead while they are sent; a retry is scheduled sooner.
        return row?.attempts === 2 && row.nextAttemptAt.getTime() - ctx.clock.now().getTime() < 4 * 60_000 && row;
      });
      expect(second.status).toBe("pending");
      expect(second.nextAttemptAt.getTime() - ctx.clock.now().getTime()).toBeGreaterThan(90_000);
      expect(smtp.refused).toBe(refusedBefore + 1);

      // The server recovers; the retry comes due and the email goes out, once.
      smtp.failing = false;
      ctx.clock.advance(second.nextAttemptAt.getTime() - ctx.clock.now().getTime() + 1000);
      await sweep();
      const sent = await waitFor("the delivery", async () => {
        const row = await rowOf(id);
        return row?.status === "sent" && row;
      });
      expect(sent).toMatchObject({ attempts: 3, lastError: null });
      await waitFor("the delivery counted", async () => (await emailsCounted("sent")) === counted.sent + 1);
      expect(await emailsCounted("retrying")).toBe(counted.retrying + 2);
      expect(await metricValue(ctx.deps.metrics, "automatch_emails_waiting")).toBe(0);
      expect(smtp.received.filter((m) => headerOf(m.raw, "Subject") === "Survives an outage")).toHaveLength(1);
    } finally {
      smtp.failing = false;
    }
  });
});
