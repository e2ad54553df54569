// Reports of abuse and moderation (issue 16, decisions 134 and 135): a party reports the other side's
// message; the admin reads the reports with their thread, hides a message, dismisses a report or
// suspends the author, each written to the activity log. Messages are inserted directly: sending them
// is the conversation API's part.
import { and, desc, eq, ne } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { LOGIN_FAILED_MESSAGE } from "@/shared/auth";
import type { MessageSide } from "@/shared/conversations";
import { PATHS } from "@/shared/paths";
import {
  ACCOUNT_SUSPENDED_MESSAGE,
  type AdminReport,
  type AdminReportDetail,
  ALREADY_REPORTED_MESSAGE,
  HIDDEN_MESSAGE_REPORT_MESSAGE,
  MESSAGE_REPORTED_ALERT,
  OWN_MESSAGE_REPORT_MESSAGE,
  REPORT_THREAD_CONTEXT,
} from "@/shared/reports";
import { activityLogs } from "../../db/schema/activity-logs";
import { alerts } from "../../db/schema/alerts";
import { emailOutbox } from "../../db/schema/email-outbox";
import { leadMessages, messageReports } from "../../db/schema/lead-messages";
import { sessions } from "../../db/schema/sessions";
import { users } from "../../db/schema/users";
import { LIVE_CHANNEL, type LiveMessage } from "../../live/publish";
import { createTopProvider, type TestProvider } from "../../test/fixtures";
import { leadOf, matchedRequest } from "../../test/scenarios";
import { sharedTestContext } from "../../test/shared-context";
import { apiAs, createUser, eachOnTheOther, signInRequest, type TestUser } from "../../test/test-app";
import { LAST_ADMIN_MESSAGE, SELF_SUSPEND_MESSAGE } from "../admin/users";
import { startSession } from "../auth/service";

const ctx = sharedTestContext();
let admin: TestUser;
let client: TestUser;
let otherClient: TestUser;
let provider: TestProvider;
let otherProvider: TestProvider;
let lead: number;

const { get, post, patch } = apiAs(ctx);

let addresses = 0;
const signIn = (email: string, password: string) => signInRequest(ctx, email, password, `10.77.0.${++addresses}`);

/** A new request of `owner`, matched: a lead of the approved providers eligible for it. */
async function newLead(owner: TestUser, to: TestProvider): Promise<number> {
  return leadOf(ctx, to, await matchedRequest(ctx, owner, { title: "Invoice keying in SAP" }));
}

async function message(leadId: number, side: MessageSide, sender: TestUser, body: string): Promise<number> {
  const [row] = await ctx.database.db
    .insert(leadMessages)
    .values({ leadId, side, senderId: sender.id, body })
    .returning({ id: leadMessages.id });
  if (!row) throw new Error("no message");
  return row.id;
}

async function report(user: TestUser, messageId: number, reason = "spam", note?: string) {
  return post(user, `/api/messages/${messageId}/report`, { reason, ...(note === undefined ? {} : { note }) });
}

async function activityFor(action: string, resourceId: number | string) {
  const rows = await ctx.database.db
    .select()
    .from(activityLogs)
    .where(and(eq(activityLogs.action, action), eq(activityLogs.resourceId, String(resourceId))))
    .orderBy(desc(activityLogs.id));
  return rows.map((r) => ({ adminId: r.adminId, details: JSON.parse(r.details ?? "null") }));
}

/** Resolves with the first live event published to `userId` (a LISTEN on the live channel, on either database). */
async function nextLiveEventOf(userId: number): Promise<{ heard: Promise<LiveMessage>; stop: () => Promise<void> }> {
  let resolve: (m: LiveMessage) => void = () => undefined;
  const heard = new Promise<LiveMessage>((r) => {
    resolve = r;
  });
  const take = (payload: string | undefined) => {
    const m = JSON.parse(payload ?? "null") as LiveMessage | null;
    if (m?.userIds.includes(userId)) resolve(m);
  };
  const { pglite, pool } = ctx.database;
  if (pglite) {
    const unlisten = await pglite.listen(LIVE_CHANNEL, take);
    return { heard, stop: unlisten };
  }
  if (!pool) throw new Error("no database to listen on");
  const client = await pool.connect();
  client.on("notification", (n) => take(n.payload));
  await client.query(`LISTEN ${LIVE_CHANNEL}`);
  return {
    heard,
    stop: async () => {
      await client.query(`UNLISTEN ${LIVE_CHANNEL}`);
      client.release();
    },
  };
}

async function reportRow(id: number) {
  const [row] = await ctx.database.db.select().from(messageReports).where(eq(messageReports.id, id));
  return row;
}

async function alertOf(reportId: number) {
  const [row] = await ctx.database.db
    .select()
    .from(alerts)
    .where(and(eq(alerts.type, MESSAGE_REPORTED_ALERT), eq(alerts.resourceId, reportId)));
  return row;
}

beforeAll(async () => {
  admin = await createUser(ctx, "admin");
  client = await createUser(ctx, "client");
  otherClient = await createUser(ctx, "client", "otherclient");
  provider = await createTopProvider(ctx);
  lead = await newLead(client, provider);
  // Came after the matching: no lead of the client's request.
  otherProvider = await createTopProvider(ctx);
});

describe("POST /api/messages/:id/report", () => {
  it("lets a party report the other side's message: 201, and an alert for the admins", async () => {
    const id = await message(lead, "provider", provider, "Pay me on another site, it is cheaper.");
    const res = await report(client, id, "off_platform", "  Asked me to pay outside.  ");
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json();
    expect(created).toMatchObject({ status: "open", message: "Thanks. Our team will review this message." });
    const row = await reportRow(created.id);
    expect(row).toMatchObject({ messageId: id, reporterId: client.id, reason: "off_platform", status: "open" });
    expect(row?.note).toBe("Asked me to pay outside.");
    const alert = await alertOf(created.id);
    expect(alert).toMatchObject({ isResolved: false, severity: "medium", resourceType: "message_report" });
    expect(alert?.description).toContain("Asks to pay or talk outside the marketplace");
    // The admin's Alerts tab links it to the reports page.
    const listed = await get(admin, "/api/admin/alerts?resolved=false");
    const item = listed.json().items.find((a: { resourceId: number }) => a.resourceId === created.id);
    expect(item.resourceLink).toBe(`${PATHS.adminReports}?report=${created.id}`);
  });

  it("lets the provider report the client's message", async () => {
    const id = await message(lead, "client", client, "You are useless.");
    const res = await report(provider, id, "harassment");
    expect(res.statusCode, res.body).toBe(201);
  });

  it("answers a second report of the same message by the same party with 409", async () => {
    const id = await message(lead, "provider", provider, "Buy my course.");
    expect((await report(client, id)).statusCode).toBe(201);
    const again = await report(client, id, "scam");
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(ALREADY_REPORTED_MESSAGE);
  });

  it("refuses a report of one's own message (400)", async () => {
    const id = await message(lead, "client", client, "Hello there.");
    const res = await report(client, id);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(OWN_MESSAGE_REPORT_MESSAGE);
  });

  it("answers 404 to someone outside the thread, and for a message that does not exist", async () => {
    const id = await message(lead, "provider", provider, "Hello.");
    expect((await report(otherClient, id)).statusCode).toBe(404);
    expect((await report(otherProvider, id)).statusCode).toBe(404);
    const unknown = await report(client, 2_000_000_000);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe("No message has this id.");
  });

  it("is for clients and providers only (401 signed out, 403 admin); a bad reason or id is a 400", async () => {
    const id = await message(lead, "provider", provider, "Hello again.");
    expect((await post(null, `/api/messages/${id}/report`, { reason: "spam" })).statusCode).toBe(401);
    expect((await post(admin, `/api/messages/${id}/report`, { reason: "spam" })).statusCode).toBe(403);
    const bad = await post(client, `/api/messages/${id}/report`, { reason: "boring" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain("Choose why you are reporting this message.");
    expect((await post(client, "/api/messages/abc/report", { reason: "spam" })).statusCode).toBe(400);
    expect(
      (await post(client, `/api/messages/${id}/report`, { reason: "spam", note: "x".repeat(1001) })).statusCode,
    ).toBe(400);
  });

  it("answers 409 for a message the admins already hid", async () => {
    const id = await message(lead, "provider", provider, "Rude words.");
    expect((await post(admin, `/api/admin/messages/${id}/hide`, { reason: "Rude" })).statusCode).toBe(200);
    const res = await report(client, id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(HIDDEN_MESSAGE_REPORT_MESSAGE);
  });
});

describe("the admin's reports", () => {
  it("lists reports newest first with message, author, reporter and request; filters; pages by cursor", async () => {
    const first = await message(lead, "provider", provider, "First bad message.");
    const second = await message(lead, "provider", provider, "Second bad message.");
    const r1 = (await report(client, first, "spam")).json().id;
    const r2 = (await report(client, second, "scam", "Looks like fraud")).json().id;
    const res = await get(admin, "/api/admin/message-reports?status=open&limit=1");
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json();
    expect(page.items).toHaveLength(1);
    const top: AdminReport = page.items[0];
    expect(top).toMatchObject({
      id: r2,
      status: "open",
      reason: "scam",
      note: "Looks like fraud",
      message: { id: second, side: "provider", body: "Second bad message.", hidden: false },
      request: { title: "Invoice keying in SAP" },
      resolution: null,
    });
    expect(top.message.author).toMatchObject({
      id: provider.id,
      email: provider.email,
      userType: "provider",
      suspended: false,
    });
    expect(top.reporter).toMatchObject({ id: client.id, email: client.email, userType: "client" });
    expect(top.companyName).toMatch(/Automation$/);
    const next = await get(admin, `/api/admin/message-reports?status=open&limit=1&cursor=${page.nextCursor}`);
    expect(next.json().items[0].id).toBe(r1);
    expect((await get(admin, "/api/admin/message-reports?cursor=nope")).statusCode).toBe(400);
    expect((await get(admin, "/api/admin/message-reports?status=closed")).statusCode).toBe(400);
    const dismissed = await get(admin, "/api/admin/message-reports?status=dismissed");
    expect(dismissed.json().items.map((r: AdminReport) => r.id)).not.toContain(r2);
  });

  it("counts the open reports", async () => {
    const before = (await get(admin, "/api/admin/message-reports/count")).json().open;
    const id = await message(lead, "provider", provider, "Counted.");
    await report(client, id);
    expect((await get(admin, "/api/admin/message-reports/count")).json()).toEqual({ open: before + 1 });
  });

  it("shows a report with the thread around its message, oldest first, and says when there is more", async () => {
    const threadLead = await newLead(otherClient, provider);
    const ids: number[] = [];
    for (let i = 0; i < REPORT_THREAD_CONTEXT + 5; i += 1) {
      ids.push(await message(threadLead, i % 2 ? "client" : "provider", i % 2 ? otherClient : provider, `m${i}`));
    }
    // A provider's message (even positions), with three after it.
    const reported = ids[ids.length - 4] as number;
    const created = await report(otherClient, reported);
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id;
    const res = await get(admin, `/api/admin/message-reports/${id}`);
    expect(res.statusCode, res.body).toBe(200);
    const detail: AdminReportDetail = res.json();
    expect(detail.report.id).toBe(id);
    const shown = detail.thread.messages.map((m) => m.id);
    expect(shown).toEqual(ids.slice(ids.length - 4 - REPORT_THREAD_CONTEXT));
    expect(detail.thread.moreBefore).toBe(true);
    expect(detail.thread.moreAfter).toBe(false);
    expect(detail.thread.messages.every((m) => m.leadId === threadLead)).toBe(true);
    expect((await get(admin, "/api/admin/message-reports/2000000000")).statusCode).toBe(404);
  });

  it("is for admins only: 401 signed out, 403 for clients and providers", async () => {
    const id = await message(lead, "provider", provider, "For the roles.");
    const reportId = (await report(client, id)).json().id;
    for (const user of [null, client, provider]) {
      const expected = user ? 403 : 401;
      expect((await get(user, "/api/admin/message-reports")).statusCode).toBe(expected);
      expect((await get(user, "/api/admin/message-reports/count")).statusCode).toBe(expected);
      expect((await get(user, `/api/admin/message-reports/${reportId}`)).statusCode).toBe(expected);
      expect((await post(user, `/api/admin/messages/${id}/hide`, { reason: "x" })).statusCode).toBe(expected);
      expect((await post(user, `/api/admin/message-reports/${reportId}/dismiss`, {})).statusCode).toBe(expected);
      expect((await patch(user, `/api/admin/users/${provider.id}/suspend`, { reason: "x" })).statusCode).toBe(expected);
      expect((await patch(user, `/api/admin/users/${provider.id}/reinstate`)).statusCode).toBe(expected);
    }
    expect((await reportRow(reportId))?.status).toBe("open");
  });
});

describe("hiding a message", () => {
  it("hides it, resolves its open reports and their alerts, and logs old and new", async () => {
    const id = await message(lead, "provider", provider, "Offensive text.");
    const reportId = (await report(client, id, "harassment")).json().id;
    const res = await post(admin, `/api/admin/messages/${id}/hide`, { reason: "  Insults the client  " });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      resolvedReports: 1,
      message: { id, hidden: true, hiddenReason: "Insults the client", body: "Offensive text." },
    });
    const [row] = await ctx.database.db.select().from(leadMessages).where(eq(leadMessages.id, id));
    expect(row?.hiddenAt).toBeInstanceOf(Date);
    expect(row?.hiddenReason).toBe("Insults the client");
    expect(await reportRow(reportId)).toMatchObject({
      status: "resolved",
      resolution: "hidden: Insults the client",
      resolvedById: admin.id,
    });
    expect(await alertOf(reportId)).toMatchObject({ isResolved: true, resolvedBy: admin.id });
    const [log] = await activityFor("hide_message", id);
    expect(log).toEqual({
      adminId: admin.id,
      details: {
        leadId: lead,
        oldHidden: false,
        newHidden: true,
        reason: "Insults the client",
        resolvedReports: [reportId],
      },
    });
    // The admin still reads the body, marked hidden.
    const detail = (await get(admin, `/api/admin/message-reports/${reportId}`)).json();
    expect(detail.report).toMatchObject({
      status: "resolved",
      resolution: { kind: "hidden", note: "Insults the client" },
      message: { hidden: true, body: "Offensive text." },
      resolvedBy: { id: admin.id },
    });
  });

  it("answers 409 when already hidden, 404 for an unknown message, 400 without a reason", async () => {
    const id = await message(lead, "provider", provider, "Hide me twice.");
    expect((await post(admin, `/api/admin/messages/${id}/hide`, { reason: "Spam" })).statusCode).toBe(200);
    const again = await post(admin, `/api/admin/messages/${id}/hide`, { reason: "Spam" });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe("This message is already hidden.");
    expect((await post(admin, "/api/admin/messages/2000000000/hide", { reason: "Spam" })).statusCode).toBe(404);
    const blank = await post(admin, `/api/admin/messages/${id}/hide`, { reason: "  " });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toContain("Say why you hide this message.");
  });
});

describe("dismissing a report", () => {
  it("dismisses an open report once, with the admin's note, logged; the message stays", async () => {
    const id = await message(lead, "provider", provider, "A fair but blunt message.");
    const reportId = (await report(client, id, "other")).json().id;
    const res = await post(admin, `/api/admin/message-reports/${reportId}/dismiss`, { note: "Blunt, not abusive" });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      id: reportId,
      status: "dismissed",
      resolution: { kind: "dismissed", note: "Blunt, not abusive" },
      message: { hidden: false },
    });
    expect(await alertOf(reportId)).toMatchObject({ isResolved: true });
    const [log] = await activityFor("dismiss_report", reportId);
    expect(log?.details).toEqual({
      messageId: id,
      oldStatus: "open",
      newStatus: "dismissed",
      note: "Blunt, not abusive",
    });
    const again = await post(admin, `/api/admin/message-reports/${reportId}/dismiss`, {});
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/^This report was already dismissed by Admin Tester\.$/);
    expect((await post(admin, "/api/admin/message-reports/2000000000/dismiss", {})).statusCode).toBe(404);
    // The note is optional, and so is the body.
    const other = (await report(client, await message(lead, "provider", provider, "Meh."), "other")).json().id;
    const bare = await post(admin, `/api/admin/message-reports/${other}/dismiss`);
    expect(bare.statusCode, bare.body).toBe(200);
    expect(bare.json().resolution).toEqual({ kind: "dismissed", note: null });
  });
});

describe("suspending an account", () => {
  it("ends its sessions, refuses its sign-in, resolves its reports, logs old and new; reinstating lets it back", async () => {
    const rude = await createTopProvider(ctx);
    const rudeLead = await newLead(client, rude);
    const id = await message(rudeLead, "provider", rude, "Threatening text.");
    const reportId = (await report(client, id, "harassment")).json().id;
    expect((await get(rude, "/api/auth/user")).statusCode).toBe(200);

    const live = await nextLiveEventOf(rude.id);
    const res = await patch(admin, `/api/admin/users/${rude.id}/suspend`, { reason: "Threatened a client" });
    expect(res.statusCode, res.body).toBe(200);
    // Its open streams are told to end.
    expect(await live.heard).toEqual({ userIds: [rude.id], event: { type: "session-ended" } });
    await live.stop();
    expect(res.json()).toMatchObject({ id: rude.id, suspendedReason: "Threatened a client" });
    expect(typeof res.json().suspendedAt).toBe("string");

    // The old cookie is no session any more.
    expect((await get(rude, "/api/auth/user")).statusCode).toBe(401);
    expect(await ctx.database.db.select().from(sessions).where(eq(sessions.userId, rude.id))).toEqual([]);
    // The right password hears why; a wrong one hears the usual failure, so the suspension is not told.
    const right = await signIn(rude.email, rude.password);
    expect(right.statusCode).toBe(403);
    expect(right.json().message).toBe(ACCOUNT_SUSPENDED_MESSAGE);
    expect(right.cookies.find((c) => c.name === "sid")).toBeUndefined();
    const wrong = await signIn(rude.email, "not-the-password");
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBe(LOGIN_FAILED_MESSAGE);

    expect(await reportRow(reportId)).toMatchObject({
      status: "resolved",
      resolution: "suspended: Threatened a client",
    });
    expect(await alertOf(reportId)).toMatchObject({ isResolved: true });
    const [log] = await activityFor("suspend_user", rude.id);
    expect(log?.details).toMatchObject({
      email: rude.email,
      oldSuspendedAt: null,
      oldSuspendedReason: null,
      newSuspendedReason: "Threatened a client",
      resolvedReports: [reportId],
    });
    expect(typeof log?.details.newSuspendedAt).toBe("string");
    const listed = await get(admin, `/api/admin/users?q=${encodeURIComponent(rude.email)}`);
    expect(listed.json().items[0]).toMatchObject({ id: rude.id, suspendedReason: "Threatened a client" });
    expect((await patch(admin, `/api/admin/users/${rude.id}/suspend`, { reason: "Again" })).statusCode).toBe(409);

    const back = await patch(admin, `/api/admin/users/${rude.id}/reinstate`);
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json()).toMatchObject({ suspendedAt: null, suspendedReason: null });
    const [undo] = await activityFor("reinstate_user", rude.id);
    expect(undo?.details).toMatchObject({ oldSuspendedReason: "Threatened a client", newSuspendedAt: null });
    expect(typeof undo?.details.oldSuspendedAt).toBe("string");
    const again = await signIn(rude.email, rude.password);
    expect(again.statusCode, again.body).toBe(200);
    expect((await patch(admin, `/api/admin/users/${rude.id}/reinstate`)).statusCode).toBe(409);
  });

  it("refuses a session begun in a race with the suspension, and does not revive it on reinstatement", async () => {
    const user = await createUser(ctx, "client", "racer");
    expect((await patch(admin, `/api/admin/users/${user.id}/suspend`, { reason: "Spam" })).statusCode).toBe(200);
    // As if the sign-in had checked the password just before the suspension committed.
    const { token } = await startSession(ctx.deps, user.id);
    const late = { cookie: `sid=${token}` };
    expect((await get(late, "/api/auth/user")).statusCode).toBe(401);
    expect((await patch(admin, `/api/admin/users/${user.id}/reinstate`)).statusCode).toBe(200);
    expect((await get(late, "/api/auth/user")).statusCode).toBe(401);
  });

  it("a password reset does not let a suspended account in", async () => {
    const user = await createUser(ctx, "client", "resetter");
    expect((await patch(admin, `/api/admin/users/${user.id}/suspend`, { reason: "Scam" })).statusCode).toBe(200);
    const ask = await ctx.app.inject({
      method: "POST",
      url: "/api/auth/password-reset/request",
      payload: { email: user.email },
      remoteAddress: "10.78.0.1",
    });
    expect(ask.statusCode).toBe(202);
    const [email] = await ctx.database.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toAddress, user.email), eq(emailOutbox.kind, "account.password_reset")));
    const token = /\/reset-password#token=([A-Za-z0-9_-]+)/.exec(email?.textBody ?? "")?.[1];
    const reset = await ctx.app.inject({
      method: "POST",
      url: "/api/auth/password-reset",
      payload: { token, password: "a-freshly-chosen-passphrase" },
    });
    expect(reset.statusCode, reset.body).toBe(204);
    const res = await signIn(user.email, "a-freshly-chosen-passphrase");
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(ACCOUNT_SUSPENDED_MESSAGE);
  });

  it("an email confirmation link confirms a suspended account's address but signs nobody in", async () => {
    const user = await createUser(ctx, "client", "unconfirmed", { verified: false });
    expect((await post(user, "/api/auth/verify-email/resend")).statusCode).toBe(202);
    expect((await patch(admin, `/api/admin/users/${user.id}/suspend`, { reason: "Spam" })).statusCode).toBe(200);
    const [mail] = await ctx.database.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toAddress, user.email), eq(emailOutbox.kind, "account.email_verification")))
      .orderBy(desc(emailOutbox.id));
    const token = /#token=([A-Za-z0-9_-]+)/.exec(mail?.textBody ?? "")?.[1];
    const res = await ctx.app.inject({ method: "POST", url: "/api/auth/verify-email", payload: { token } });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(ACCOUNT_SUSPENDED_MESSAGE);
    expect(res.cookies.find((c) => c.name === "sid")).toBeUndefined();
    expect(await ctx.database.db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);
  });

  it("refuses to suspend oneself; unknown ids 404; a reason is needed", async () => {
    const self = await patch(admin, `/api/admin/users/${admin.id}/suspend`, { reason: "Testing" });
    expect(self.statusCode).toBe(409);
    expect(self.json().message).toBe(SELF_SUSPEND_MESSAGE);
    expect((await patch(admin, "/api/admin/users/2000000000/suspend", { reason: "Spam" })).statusCode).toBe(404);
    expect((await patch(admin, "/api/admin/users/2000000000/reinstate")).statusCode).toBe(404);
    const blank = await patch(admin, `/api/admin/users/${otherClient.id}/suspend`, {});
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toContain("Say why you suspend this account.");
    const [row] = await ctx.database.db.select().from(users).where(eq(users.id, admin.id));
    expect(row?.suspendedAt).toBeNull();
  });

  it("two admins suspending each other at once: one wins, the other is no longer an admin in good standing", async () => {
    const a = await createUser(ctx, "admin", "admina");
    const b = await createUser(ctx, "admin", "adminb");
    const { codes } = await eachOnTheOther(a, b, (by, on) =>
      patch(by, `/api/admin/users/${on.id}/suspend`, { reason: "Mutual" }),
    );
    // The loser's request either found its session ended (401) or itself suspended once it had the lock (403).
    expect(codes[0]).toBe(200);
    expect([401, 403]).toContain(codes[1]);
    const rows = await ctx.database.db.select({ id: users.id, suspendedAt: users.suspendedAt }).from(users);
    const suspended = rows.filter((r) => (r.id === a.id || r.id === b.id) && r.suspendedAt !== null);
    expect(suspended).toHaveLength(1);
    // The first admin is in good standing throughout: the marketplace keeps an admin.
    expect(rows.find((r) => r.id === admin.id)?.suspendedAt).toBeNull();
  });
});

describe("the last admin in good standing", () => {
  it("cannot remove their own role while the other admins are suspended", async () => {
    await ctx.database.db
      .update(users)
      .set({ suspendedAt: new Date(), suspendedReason: "For the test" })
      .where(and(eq(users.userType, "admin"), ne(users.id, admin.id)));
    const res = await patch(admin, `/api/admin/users/${admin.id}/role`, { userType: "client" });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(LAST_ADMIN_MESSAGE);
    const [row] = await ctx.database.db.select().from(users).where(eq(users.id, admin.id));
    expect(row?.userType).toBe("admin");
  });
});
