import { and, eq, or } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { deletedAccountEmail, LAST_ADMIN_DELETE_MESSAGE } from "@/shared/account";
import { activityLogs } from "../../db/schema/activity-logs";
import { companies } from "../../db/schema/companies";
import { emailOutbox } from "../../db/schema/email-outbox";
import { inquiries } from "../../db/schema/inquiries";
import { leads } from "../../db/schema/leads";
import { notifications } from "../../db/schema/notifications";
import { quoteRequests } from "../../db/schema/quote-requests";
import { quotes } from "../../db/schema/quotes";
import { sessions } from "../../db/schema/sessions";
import { subscriptions } from "../../db/schema/subscriptions";
import { users } from "../../db/schema/users";
import { createTopProvider, type TestProvider } from "../../test/fixtures";
import { acceptQuote, leadOf, matchedRequest, quoteOn } from "../../test/scenarios";
import { sharedTestContext } from "../../test/shared-context";
import { as, createUser, signIn, type TestUser } from "../../test/test-app";
import { DELETED_ACCOUNT_ROLE_MESSAGE } from "../admin/users";
import { MAX_FAILURES_PER_PAIR, TOO_MANY_PASSWORD_TRIES } from "../auth/throttle";
import { RETIRED_COMPANY_REASON } from "./service";

const ctx = sharedTestContext();
let a: TestProvider;
let b: TestProvider;

const exportAs = (user: TestUser | null) => as(ctx, user, { method: "GET", url: "/api/account/export" });
const deleteAs = (user: TestUser | null, password: unknown) =>
  as(ctx, user, { method: "POST", url: "/api/account/delete", payload: { password } });

const userRow = async (id: number) => {
  const [row] = await ctx.database.db.select().from(users).where(eq(users.id, id));
  if (!row) throw new Error("no such user");
  return row;
};

beforeAll(async () => {
  a = await createTopProvider(ctx);
  b = await createTopProvider(ctx);
});

describe("who may", () => {
  it("answers 401 to anonymous callers, for the export and the deletion", async () => {
    expect((await exportAs(null)).statusCode).toBe(401);
    expect((await deleteAs(null, "anything")).statusCode).toBe(401);
  });

  it("takes only the caller's own password: another user's password deletes nothing", async () => {
    const one = await createUser(ctx, "client", "one");
    const two = await createUser(ctx, "client", "two");
    const res = await deleteAs(two, one.password);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("password: The password is not right; your account was not deleted");
    expect((await userRow(one.id)).email).toBe(one.email);
    expect((await userRow(two.id)).email).toBe(two.email);
    expect((await as(ctx, two, { method: "GET", url: "/api/auth/user" })).statusCode).toBe(200);
  });

  it("refuses a body without a password with a message that says what to do", async () => {
    const user = await createUser(ctx, "client", "nobody");
    const res = await as(ctx, user, { method: "POST", url: "/api/account/delete", payload: {} });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain("Enter your password to confirm");
  });

  it("limits the tries like sign-in attempts, so that a stolen session cannot guess the password at will", async () => {
    const user = await createUser(ctx, "client", "guesser");
    for (let i = 0; i < MAX_FAILURES_PER_PAIR; i++) expect((await deleteAs(user, `wrong-${i}`)).statusCode).toBe(400);
    const limited = await deleteAs(user, user.password);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe(TOO_MANY_PASSWORD_TRIES);
    expect((await userRow(user.id)).email).toBe(user.email);
  });
});

describe("downloading my data", () => {
  it("gives a client everything about them as a JSON file, and nothing of anyone else", async () => {
    const client = await createUser(ctx, "client", "exporter");
    const other = await createUser(ctx, "client", "bystander");
    const mine = await matchedRequest(ctx, client, { title: "Invoice intake for the exporter" });
    await matchedRequest(ctx, other, { title: "Someone else's payroll" });
    await quoteOn(ctx, a, mine);
    await ctx.database.db.insert(inquiries).values({
      source: "contact",
      name: "Exporter",
      email: client.email,
      company: "Exporter Inc",
      processDescription: "We key invoices by hand every day and would like that to stop.",
      contentHash: "h1",
      ip: "203.0.113.9",
    });

    const res = await exportAs(client);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-disposition"]).toMatch(
      /^attachment; filename="automatch-my-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(res.headers["content-type"]).toContain("application/json");
    const data = res.json();
    expect(data.account).toMatchObject({ id: client.id, email: client.email, userType: "client" });
    expect(data.account).not.toHaveProperty("passwordHash");
    expect(data.quoteRequests.map((r: { title: string }) => r.title)).toEqual(["Invoice intake for the exporter"]);
    expect(data.quoteRequests[0].quotesReceived).toHaveLength(1);
    expect(data.quoteRequests[0].quotesReceived[0]).toMatchObject({ amountCents: 2_400_000 });
    expect(data.notifications.some((n: { kind: string }) => n.kind === "quote.received")).toBe(true);
    expect(data.inquiries).toHaveLength(1);
    expect(data.inquiries[0]).toMatchObject({ email: client.email, company: "Exporter Inc" });
    expect(data.signInAttempts.length).toBeGreaterThan(0);
    expect(data.sessions).toEqual([expect.objectContaining({ current: true })]);
    expect(Object.keys(data.sessions[0]).sort()).toEqual([
      "createdAt",
      "current",
      "device",
      "expiresAt",
      "lastSeenAt",
      "userAgent",
    ]);
    expect(data.company).toBeNull();
    expect(data.subscription).toBeNull();
    // No hash of anything, and nobody else's data.
    expect(res.body).not.toMatch(/scrypt\$/);
    const sessionIds = await ctx.database.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(eq(sessions.userId, client.id));
    for (const s of sessionIds) expect(res.body).not.toContain(s.id);
    expect(res.body).not.toContain("Someone else's payroll");
    expect(res.body).not.toContain(other.email);
  });

  it("gives a provider their company, subscription, leads and quotes sent", async () => {
    const client = await createUser(ctx, "client", "buyer");
    const requestId = await matchedRequest(ctx, client, { title: "Order entry for the buyer" });
    const quoteId = await quoteOn(ctx, b, requestId);
    const data = (await exportAs(b)).json();
    expect(data.account).toMatchObject({ id: b.id, userType: "provider" });
    expect(data.company).toMatchObject({ id: b.companyId, status: "approved" });
    expect(data.subscription).toMatchObject({ provider: "demo", status: "active" });
    expect(data.leads.some((l: { quoteRequestId: number; title: string }) => l.quoteRequestId === requestId)).toBe(
      true,
    );
    expect(data.quotesSent.map((q: { id: number }) => q.id)).toContain(quoteId);
    // The client's own contact details are the client's, not the provider's data.
    expect(data.quoteRequests).toEqual([]);
  });

  it("gives each party the messages they wrote and the reports they filed, and not the other party's", async () => {
    const client = await createUser(ctx, "client", "talker");
    const other = await createUser(ctx, "client", "othertalker");
    const post = (user: TestUser, url: string, payload: object) => as(ctx, user, { method: "POST", url, payload });
    const say = async (user: TestUser, leadId: number, body: string): Promise<number> => {
      const res = await post(user, `/api/conversations/${leadId}/messages`, { body });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().id;
    };
    const lead = await leadOf(ctx, a, await matchedRequest(ctx, client, { title: "Talker's intake" }));
    const otherLead = await leadOf(ctx, a, await matchedRequest(ctx, other, { title: "Other talker's intake" }));
    const mine = await say(client, lead, "The client's own question about the intake.");
    const theirs = await say(a, lead, "The provider's pushy answer.");
    await say(other, otherLead, "Another client's question.");
    const otherAnswer = await say(a, otherLead, "The provider's answer to the other client.");
    const reported = await post(client, `/api/messages/${theirs}/report`, { reason: "spam", note: "Sales pitch" });
    expect(reported.statusCode, reported.body).toBe(201);
    const reportedByOther = await post(other, `/api/messages/${otherAnswer}/report`, {
      reason: "harassment",
      note: "The other client's note",
    });
    expect(reportedByOther.statusCode, reportedByOther.body).toBe(201);

    const res = await exportAs(client);
    const data = res.json();
    expect(data.messagesWritten).toEqual([
      expect.objectContaining({
        id: mine,
        leadId: lead,
        requestTitle: "Talker's intake",
        side: "client",
        body: "The client's own question about the intake.",
        hiddenAt: null,
      }),
    ]);
    expect(data.reportsFiled).toEqual([
      expect.objectContaining({ messageId: theirs, leadId: lead, reason: "spam", note: "Sales pitch" }),
    ]);
    // The reported words are the provider's (the client's notification of them is the client's), and
    // nothing of the other client's thread is here.
    expect(JSON.stringify([data.messagesWritten, data.reportsFiled])).not.toContain("pushy answer");
    expect(res.body).not.toContain("Another client's question");
    expect(res.body).not.toContain("The other client's note");

    const provider = (await exportAs(a)).json();
    const written = provider.messagesWritten.map((m: { id: number }) => m.id);
    expect(written).toContain(theirs);
    expect(written).toContain(otherAnswer);
    expect(written).not.toContain(mine);
    expect(provider.reportsFiled).toEqual([]);
  });

  it("gives an admin their account", async () => {
    const admin = await createUser(ctx, "admin", "exportadmin");
    const data = (await exportAs(admin)).json();
    expect(data.account).toMatchObject({ id: admin.id, userType: "admin" });
  });
});

describe("deleting a client", () => {
  it("cancels the open requests, keeps the closed ones anonymised, and frees the email", async () => {
    const client = await createUser(ctx, "client", "leaver");
    const open = await matchedRequest(ctx, client, { title: "Open request of the leaver" });
    const hired = await matchedRequest(ctx, client, { title: "Hired request of the leaver" });
    const pendingQuote = await quoteOn(ctx, a, open);
    await acceptQuote(ctx, client, await quoteOn(ctx, b, hired));
    const before = await userRow(client.id);

    const res = await deleteAs(client, client.password);
    expect(res.statusCode, res.body).toBe(204);
    expect(res.cookies.find((c) => c.name === "sid")?.value).toBe("");

    // The account: anonymised in place, no session, no sign-in.
    const row = await userRow(client.id);
    expect(row).toMatchObject({ email: deletedAccountEmail(client.id), firstName: "Deleted", lastName: "user" });
    expect(row.passwordHash).not.toBe(before.passwordHash);
    expect(await ctx.database.db.select().from(sessions).where(eq(sessions.userId, client.id))).toEqual([]);
    expect((await as(ctx, client, { method: "GET", url: "/api/auth/user" })).statusCode).toBe(401);
    const signInAgain = await ctx.app.inject({
      method: "POST",
      url: "/api/auth/sign-in",
      payload: { email: client.email, password: client.password },
    });
    expect(signInAgain.statusCode).toBe(401);

    // The open request: cancelled as the client's Cancel does, its provider told.
    const [openRow] = await ctx.database.db.select().from(quoteRequests).where(eq(quoteRequests.id, open));
    expect(openRow?.status).toBe("cancelled");
    const [declined] = await ctx.database.db.select().from(quotes).where(eq(quotes.id, pendingQuote));
    expect(declined).toMatchObject({ status: "declined", declineReason: "request-cancelled" });
    const told = await ctx.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, a.id), eq(notifications.kind, "quote.declined")));
    expect(told.some((n) => n.body.includes("Open request of the leaver"))).toBe(true);

    // The hired request stays for the provider, with "Deleted user" and no email.
    const lead = await as(ctx, b, { method: "GET", url: `/api/leads/${await leadOf(ctx, b, hired)}` });
    expect(lead.statusCode, lead.body).toBe(200);
    const request = lead.json().request;
    expect(request.status).toBe("closed");
    expect(request.client).toEqual({ firstName: "Deleted", lastName: "user", email: "" });
    expect(request.requirements.fullName).toBe("Deleted user");
    expect(request.requirements).not.toHaveProperty("email");
    expect(request.requirements).not.toHaveProperty("companyName");
    expect(lead.body).not.toContain(client.email);
    expect(lead.body).not.toContain(before.firstName);

    // Only the user's rows are gone; the log says what happened without saying who.
    expect(await ctx.database.db.select().from(notifications).where(eq(notifications.userId, client.id))).toEqual([]);
    const mail = await ctx.database.db
      .select()
      .from(emailOutbox)
      .where(or(eq(emailOutbox.userId, client.id), eq(emailOutbox.toAddress, client.email)));
    expect(mail).toEqual([]);
    const [log] = await ctx.database.db
      .select()
      .from(activityLogs)
      .where(and(eq(activityLogs.action, "delete_account"), eq(activityLogs.resourceId, String(client.id))));
    expect(log?.details).not.toContain(client.email);
    expect(JSON.parse(log?.details ?? "{}")).toMatchObject({
      userType: "client",
      requestsCancelled: 1,
      requestsAnonymised: 2,
    });

    // The address may sign up again, as a new account.
    const signUp = await ctx.app.inject({
      method: "POST",
      url: "/api/auth/sign-up",
      payload: { firstName: "Back", lastName: "Again", email: client.email, password: "a-new-long-passphrase" },
    });
    expect(signUp.statusCode, signUp.body).toBe(202);
    const [fresh] = await ctx.database.db.select().from(users).where(eq(users.email, client.email));
    expect(fresh?.id).toBeDefined();
    expect(fresh?.id).not.toBe(client.id);
  });

  it("keeps the deleted accounts' reserved addresses out of sign-up", async () => {
    const res = await ctx.app.inject({
      method: "POST",
      url: "/api/auth/sign-up",
      payload: {
        firstName: "Sly",
        lastName: "One",
        email: deletedAccountEmail(999_999),
        password: "a-long-passphrase",
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(".invalid is a reserved domain");
  });
});

describe("deleting a provider", () => {
  it("withdraws pending quotes, cancels the subscription, retires the company, keeps past quotes for clients", async () => {
    const provider = await createTopProvider(ctx);
    const client = await createUser(ctx, "client", "hirer");
    // Only this provider may get the leads here: the others' companies step aside for a moment.
    await ctx.database.db
      .update(companies)
      .set({ status: "pending" })
      .where(or(eq(companies.id, a.companyId), eq(companies.id, b.companyId)));
    const hired = await matchedRequest(ctx, client, { title: "Hired from the leaving provider" });
    const pending = await matchedRequest(ctx, client, { title: "Pending with the leaving provider" });
    await ctx.database.db
      .update(companies)
      .set({ status: "approved" })
      .where(or(eq(companies.id, a.companyId), eq(companies.id, b.companyId)));
    const acceptedQuote = await quoteOn(ctx, provider, hired);
    await acceptQuote(ctx, client, acceptedQuote);
    const pendingQuote = await quoteOn(ctx, provider, pending);

    const res = await deleteAs(provider, provider.password);
    expect(res.statusCode, res.body).toBe(204);

    const [withdrawn] = await ctx.database.db.select().from(quotes).where(eq(quotes.id, pendingQuote));
    expect(withdrawn?.status).toBe("withdrawn");
    const [sub] = await ctx.database.db.select().from(subscriptions).where(eq(subscriptions.userId, provider.id));
    expect(sub?.status).toBe("canceled");
    const [company] = await ctx.database.db.select().from(companies).where(eq(companies.id, provider.companyId));
    expect(company).toMatchObject({ status: "rejected", rejectionReason: RETIRED_COMPANY_REASON });
    const openLeads = await ctx.database.db.select().from(leads).where(eq(leads.companyId, provider.companyId));
    expect(openLeads.every((l) => l.status === "closed")).toBe(true);

    // The client's hired quote still shows, with the company (a business, not the person).
    const list = await as(ctx, client, { method: "GET", url: `/api/quote-requests/${hired}/quotes` });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json()).toEqual([
      expect.objectContaining({
        id: acceptedQuote,
        status: "accepted",
        provider: expect.objectContaining({ name: company?.name }),
      }),
    ]);
    // The pending one is gone from the client's list; the request is open to others again.
    const pendingList = await as(ctx, client, { method: "GET", url: `/api/quote-requests/${pending}/quotes` });
    expect(pendingList.json()).toEqual([]);

    // A new request is never matched to the retired company.
    const later = await matchedRequest(ctx, client, { title: "After the provider left" });
    const laterLeads = await ctx.database.db
      .select()
      .from(leads)
      .where(and(eq(leads.quoteRequestId, later), eq(leads.companyId, provider.companyId)));
    expect(laterLeads).toEqual([]);
    expect((await userRow(provider.id)).email).toBe(deletedAccountEmail(provider.id));

    // Nor can an admin bring the deleted account back into play with a role.
    const admin = await createUser(ctx, "admin", "promoter");
    const promote = await as(ctx, admin, {
      method: "PATCH",
      url: `/api/admin/users/${provider.id}/role`,
      payload: { userType: "admin" },
    });
    expect(promote.statusCode).toBe(409);
    expect(promote.json().message).toBe(DELETED_ACCOUNT_ROLE_MESSAGE);
    expect((await userRow(provider.id)).userType).toBe("provider");
  });
});

describe("deleting an admin", () => {
  it("refuses the last admin, and lets one of two go", async () => {
    // Admins made by earlier tests of this file are the same database's: count from the table.
    const admins = await ctx.database.db.select().from(users).where(eq(users.userType, "admin"));
    for (const other of admins) {
      await ctx.database.db.update(users).set({ userType: "client" }).where(eq(users.id, other.id));
    }
    const first = await createUser(ctx, "admin", "firstadmin");
    const refused = await deleteAs(first, first.password);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(LAST_ADMIN_DELETE_MESSAGE);
    expect((await userRow(first.id)).email).toBe(first.email);

    const second = await createUser(ctx, "admin", "secondadmin");
    expect((await deleteAs(first, first.password)).statusCode).toBe(204);
    const gone = await userRow(first.id);
    expect(gone.userType).toBe("client");
    // The one left is now the last, and is told so.
    expect((await deleteAs(second, second.password)).statusCode).toBe(409);
    expect((await signIn(ctx, second.email, second.password)).userType).toBe("admin");
  });
});

describe("all or nothing", () => {
  it("leaves everything as it was when the billing provider cannot cancel the subscription", async () => {
    const provider = await createTopProvider(ctx);
    const client = await createUser(ctx, "client", "waiting");
    const requestId = await matchedRequest(ctx, client, { title: "Waiting on a provider who tries to leave" });
    const quoteId = await quoteOn(ctx, provider, requestId);
    // A Stripe subscription on an app where Stripe is not configured: the provider cannot be asked.
    await ctx.database.db
      .update(subscriptions)
      .set({ provider: "stripe" })
      .where(eq(subscriptions.userId, provider.id));

    const res = await deleteAs(provider, provider.password);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe("This subscription is with Stripe, which is not configured here.");
    expect((await userRow(provider.id)).email).toBe(provider.email);
    const [quote] = await ctx.database.db.select().from(quotes).where(eq(quotes.id, quoteId));
    expect(quote?.status).toBe("submitted");
    const [company] = await ctx.database.db.select().from(companies).where(eq(companies.id, provider.companyId));
    expect(company?.status).toBe("approved");
    expect((await as(ctx, provider, { method: "GET", url: "/api/auth/user" })).statusCode).toBe(200);
  });
});
