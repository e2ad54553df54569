import { eq, sql } from "drizzle-orm";
import pg from "pg";
import { describe, expect, it } from "vitest";
import {
  MESSAGE_EMAIL_WINDOW_MINUTES,
  MESSAGE_MAX_LENGTH,
  MESSAGE_PAGE_SIZE,
  type UnreadSummary,
} from "@/shared/conversations";
import type { LeadStatus } from "@/shared/leads";
import { leadMessages } from "../../db/schema/lead-messages";
import { leads } from "../../db/schema/leads";
import { notifications } from "../../db/schema/notifications";
import { subscriptions } from "../../db/schema/subscriptions";
import { LIVE_CHANNEL, type LiveMessage } from "../../live/publish";
import { unconfirmLikeAnEarlyAccount } from "../../test/accounts";
import { emailsTo, notificationsOf } from "../../test/reads";
import { acceptQuote, leadOf, matchedRequest, quoteBody, quoteOn } from "../../test/scenarios";
import { sharedTestContext, sharedTopProviders, sharedUsers } from "../../test/shared-context";
import { apiAs, createUser, startNewWindow, type TestUser } from "../../test/test-app";
import { CONVERSATION_NOT_FOUND, MESSAGE_RATE_LIMIT, REMOVED_MESSAGE_NOTE } from "./service";

const ctx = sharedTestContext();
const [client, otherClient, admin] = sharedUsers(ctx, "client", ["client", "other"], "admin");
const [a, b] = sharedTopProviders(ctx, 2);

type Method = "GET" | "POST" | "PUT";
const { call } = apiAs(ctx);

const say = (user: TestUser, leadId: number, body: string) =>
  call(user, "POST", `/api/conversations/${leadId}/messages`, { body });

async function sent(user: TestUser, leadId: number, body: string): Promise<number> {
  const res = await say(user, leadId, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}

const thread = async (user: TestUser, leadId: number) => {
  const res = await call(user, "GET", `/api/conversations/${leadId}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

const page = async (user: TestUser, leadId: number, query = "") => {
  const res = await call(user, "GET", `/api/conversations/${leadId}/messages${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

const markRead = async (user: TestUser, leadId: number, upTo?: number) => {
  const res = await call(user, "POST", `/api/conversations/${leadId}/read`, upTo === undefined ? {} : { upTo });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

const unread = async (user: TestUser): Promise<UnreadSummary> => {
  const res = await call(user, "GET", "/api/conversations/unread");
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

const requestThreads = async (user: TestUser, requestId: number) => {
  const res = await call(user, "GET", `/api/quote-requests/${requestId}/conversations`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().threads as { leadId: number; unread: number; canWrite: boolean; lastMessage: unknown }[];
};

type Matched = { requestId: number; leadA: number; leadB: number };

/** A new request of the client, matched: a lead for each of the two providers. */
async function matchedLeads(owner: TestUser = client): Promise<Matched> {
  const requestId = await matchedRequest(ctx, owner);
  return { requestId, leadA: await leadOf(ctx, a, requestId), leadB: await leadOf(ctx, b, requestId) };
}

const setLeadStatus = (leadId: number, status: LeadStatus) =>
  ctx.database.db.update(leads).set({ status }).where(eq(leads.id, leadId));

// The message emails newest first, the bell's entries oldest first.
const messageEmails = (user: TestUser) => emailsTo(ctx, user.email, "message.received");
const messageNotes = (userId: number) => notificationsOf(ctx, userId, "message.received");

const QUOTE = quoteBody();

/**
 * Hears the live channel as the event stream does: PGlite's listen on the embedded database, LISTEN on
 * a connection of its own on PostgreSQL. `next` waits until `times` events that match were heard (the
 * last of them is its answer), counting those heard already.
 */
async function listenLive() {
  const heard: LiveMessage[] = [];
  type Waiter = { match: (m: LiveMessage) => boolean; times: number; resolve: (m: LiveMessage) => void };
  let waiting: Waiter[] = [];
  /** Resolves the waiter when enough have been heard; answers whether it did. */
  const settle = (w: Waiter) => {
    const matching = heard.filter(w.match);
    const last = matching[w.times - 1];
    if (last) w.resolve(last);
    return last !== undefined;
  };
  const onPayload = (payload: string) => {
    heard.push(JSON.parse(payload) as LiveMessage);
    waiting = waiting.filter((w) => !settle(w));
  };
  let stop: () => Promise<void>;
  const { pglite } = ctx.database;
  if (pglite) {
    const unlisten = await pglite.listen(LIVE_CHANNEL, onPayload);
    stop = unlisten;
  } else {
    if (ctx.config.database.kind !== "postgres") throw new Error("no database to listen to");
    const connection = new pg.Client({ connectionString: ctx.config.database.url });
    await connection.connect();
    connection.on("notification", (n) => onPayload(n.payload ?? "{}"));
    await connection.query(`LISTEN ${LIVE_CHANNEL}`);
    stop = () => connection.end();
  }
  return {
    next: (match: (m: LiveMessage) => boolean, times = 1) =>
      new Promise<LiveMessage>((resolve) => {
        const waiter = { match, times, resolve };
        if (!settle(waiter)) waiting.push(waiter);
      }),
    stop: () => stop(),
  };
}

describe("who may read and write a thread", () => {
  it("answers the two parties, refuses everyone else: 401, 403 for a wrong role, 404 for a stranger", async () => {
    const { requestId, leadA } = await matchedLeads();
    await sent(client, leadA, "Hello, can you start in January?");
    const threadRoutes: [Method, string, object?][] = [
      ["GET", `/api/conversations/${leadA}`],
      ["GET", `/api/conversations/${leadA}/messages`],
      ["POST", `/api/conversations/${leadA}/messages`, { body: "A question." }],
      ["POST", `/api/conversations/${leadA}/read`, {}],
    ];
    const everyRoute: [Method, string, object?][] = [
      ...threadRoutes,
      ["GET", "/api/conversations/unread"],
      ["GET", `/api/quote-requests/${requestId}/conversations`],
    ];
    for (const [method, url, body] of everyRoute) {
      const res = await call(null, method, url, body);
      expect(res.statusCode, `anonymous ${method} ${url}`).toBe(401);
    }
    // Strangers: the other client, the provider of the request's other lead, an admin. Each gets the
    // answer of a lead that does not exist.
    for (const stranger of [otherClient, b, admin]) {
      for (const [method, url, body] of threadRoutes) {
        const res = await call(stranger, method, url, body);
        expect(res.statusCode, `${stranger.email} ${method} ${url}`).toBe(404);
        expect(res.json().message).toBe(CONVERSATION_NOT_FOUND);
      }
    }
    const missing = await call(client, "GET", "/api/conversations/2147483647");
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(CONVERSATION_NOT_FOUND);
    // Role-only routes: the unread counts are for clients and providers, a request's threads for its client.
    expect((await call(admin, "GET", "/api/conversations/unread")).statusCode).toBe(403);
    for (const who of [a, admin]) {
      expect((await call(who, "GET", `/api/quote-requests/${requestId}/conversations`)).statusCode).toBe(403);
    }
    expect((await call(otherClient, "GET", `/api/quote-requests/${requestId}/conversations`)).statusCode).toBe(404);
    // The parties.
    for (const party of [client, a]) {
      expect((await call(party, "GET", `/api/conversations/${leadA}`)).statusCode).toBe(200);
      expect((await call(party, "GET", `/api/conversations/${leadA}/messages`)).statusCode).toBe(200);
      expect((await say(party, leadA, "Yes, that works.")).statusCode).toBe(201);
      expect((await call(party, "POST", `/api/conversations/${leadA}/read`, {})).statusCode).toBe(200);
      expect((await call(party, "GET", "/api/conversations/unread")).statusCode).toBe(200);
    }
    expect((await call(client, "GET", `/api/quote-requests/${requestId}/conversations`)).statusCode).toBe(200);
    // Nothing a stranger sent was written.
    const bodies = (await page(client, leadA)).messages.map((m: { body: string }) => m.body);
    expect(bodies).not.toContain("A question.");
    expect(bodies).toHaveLength(3);
  });

  it("a provider who may not act on leads now gets the lead page's 403 and its reason", async () => {
    const { leadA } = await matchedLeads();
    await ctx.database.db.update(subscriptions).set({ status: "canceled" }).where(eq(subscriptions.userId, a.id));
    try {
      const res = await call(a, "GET", `/api/conversations/${leadA}`);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toMatch(/subscription/i);
      expect((await say(a, leadA, "Still there?")).statusCode).toBe(403);
    } finally {
      await ctx.database.db.update(subscriptions).set({ status: "active" }).where(eq(subscriptions.userId, a.id));
    }
  });

  it("names the bad id, cursor or limit with a 400", async () => {
    const { leadA } = await matchedLeads();
    const bad = await call(client, "GET", "/api/conversations/abc");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain("must be a conversation id");
    for (const query of ["?limit=0", "?limit=101", "?limit=ten", "?cursor=abc"]) {
      const res = await call(client, "GET", `/api/conversations/${leadA}/messages${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message, query).toMatch(/limit|cursor/);
    }
    // No body at all marks read up to the newest, as an empty one does.
    const bare = await call(client, "POST", `/api/conversations/${leadA}/read`);
    expect(bare.statusCode, bare.body).toBe(200);
    expect(bare.json()).toEqual({ readUpTo: 0, unread: 0 });
    for (const upTo of [-1, 3_000_000_000, 1.5]) {
      const read = await call(client, "POST", `/api/conversations/${leadA}/read`, { upTo });
      expect(read.statusCode, String(upTo)).toBe(400);
      expect(read.json().message).toBe("upTo: must be a message id (a positive whole number)");
    }
    const past = await call(client, "GET", `/api/conversations/${leadA}/messages?cursor=9999999999`);
    expect(past.statusCode).toBe(400);
  });
});

describe("messages", () => {
  it("validates the text: blank and too long are 400 with the schema's message; the longest is stored", async () => {
    const { leadA } = await matchedLeads();
    const cases: [object, string][] = [
      [{ body: "   \n " }, "Write a message."],
      [{}, "Write a message."],
      [{ body: 42 }, "Write a message."],
      [{ body: "x".repeat(MESSAGE_MAX_LENGTH + 1) }, `A message can be at most ${MESSAGE_MAX_LENGTH} characters.`],
    ];
    for (const [body, message] of cases) {
      const res = await call(client, "POST", `/api/conversations/${leadA}/messages`, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 40)).toBe(400);
      expect(res.json().message).toContain(message);
    }
    const nul = await say(client, leadA, "bad \u0000 byte");
    expect(nul.statusCode).toBe(400);
    expect((await page(client, leadA)).messages).toEqual([]);

    const longest = await say(client, leadA, ` ${"y".repeat(MESSAGE_MAX_LENGTH)} `);
    expect(longest.statusCode).toBe(201);
    expect(longest.json().body).toBe("y".repeat(MESSAGE_MAX_LENGTH));
  });

  it("shows each message with its side, author and whose it is, to both parties", async () => {
    const { leadA } = await matchedLeads();
    const first = await say(client, leadA, "Do you work with SAP?");
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({
      leadId: leadA,
      side: "client",
      mine: true,
      authorName: "Client T.",
      body: "Do you work with SAP?",
      hidden: false,
    });
    await sent(a, leadA, "Yes, every week.");
    const company = (await thread(client, leadA)).counterpartName;
    expect(company).toMatch(/^Provider \d+ Automation$/);

    const forClient = (await page(client, leadA)).messages;
    expect(
      forClient.map((m: { body: string; mine: boolean; authorName: string }) => [m.body, m.mine, m.authorName]),
    ).toEqual([
      ["Yes, every week.", false, company],
      ["Do you work with SAP?", true, "Client T."],
    ]);
    const forProvider = (await page(a, leadA)).messages;
    expect(forProvider.map((m: { mine: boolean; side: string }) => [m.side, m.mine])).toEqual([
      ["provider", true],
      ["client", false],
    ]);
    const header = await thread(a, leadA);
    expect(header).toMatchObject({ leadId: leadA, side: "provider", counterpartName: "Client T.", canWrite: true });
    expect(header.closedReason).toBeNull();
  });

  it("pages newest first, older pages by cursor, with no gap and no repeat", async () => {
    const { leadA } = await matchedLeads();
    const ids: number[] = [];
    for (let i = 1; i <= 7; i += 1) ids.push(await sent(i % 2 ? client : a, leadA, `Message ${i}`));
    const seen: number[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res: { messages: { id: number }[]; nextCursor: string | null } = await page(
        client,
        leadA,
        `?limit=3${cursor ? `&cursor=${cursor}` : ""}`,
      );
      seen.push(...res.messages.map((m) => m.id));
      cursor = res.nextCursor;
      pages += 1;
    } while (cursor !== null);
    expect(pages).toBe(3);
    expect(seen).toEqual([...ids].reverse());
    // A message written between two pages does not shift the older ones.
    const first = await page(a, leadA, "?limit=3");
    await sent(client, leadA, "Message 8");
    const second = await page(a, leadA, `?limit=3&cursor=${first.nextCursor}`);
    expect(second.messages.map((m: { id: number }) => m.id)).toEqual([ids[3], ids[2], ids[1]]);
  });

  it(`answers ${MESSAGE_PAGE_SIZE} messages a page unless asked for another size`, async () => {
    const { leadA } = await matchedLeads();
    await ctx.database.db.insert(leadMessages).values(
      Array.from({ length: MESSAGE_PAGE_SIZE + 2 }, (_, i) => ({
        leadId: leadA,
        senderId: client.id,
        side: "client" as const,
        body: `Bulk ${i}`,
      })),
    );
    const first = await page(a, leadA);
    expect(first.messages).toHaveLength(MESSAGE_PAGE_SIZE);
    expect(first.messages[0].body).toBe(`Bulk ${MESSAGE_PAGE_SIZE + 1}`);
    const rest = await page(a, leadA, `?cursor=${first.nextCursor}`);
    expect(rest.messages.map((m: { body: string }) => m.body)).toEqual(["Bulk 1", "Bulk 0"]);
    expect(rest.nextCursor).toBeNull();
  });

  it("a hidden message keeps its place without its text; a deleted sender still shows the side's name", async () => {
    const { requestId, leadA } = await matchedLeads();
    const hiddenId = await sent(a, leadA, "Pay me outside the marketplace.");
    const keptId = await sent(client, leadA, "Who else works on it?");
    await ctx.database.db
      .update(leadMessages)
      .set({ hiddenAt: new Date(), hiddenReason: "off_platform" })
      .where(eq(leadMessages.id, hiddenId));
    await ctx.database.db.update(leadMessages).set({ senderId: null }).where(eq(leadMessages.id, keptId));
    const messages = (await page(client, leadA)).messages;
    expect(messages[0]).toMatchObject({ id: keptId, authorName: "Client T.", body: "Who else works on it?" });
    expect(messages[1]).toMatchObject({ id: hiddenId, body: null, hidden: true });
    expect(messages[1].authorName).toMatch(/Automation$/);
    // Hidden: not counted as unread either.
    await sent(a, leadA, "Sorry, forget that.");
    await ctx.database.db.update(leads).set({ clientReadUpTo: 0 }).where(eq(leads.id, leadA));
    expect((await thread(client, leadA)).unread).toBe(1);
    await ctx.database.db
      .update(leadMessages)
      .set({ hiddenAt: new Date() })
      .where(sql`${leadMessages.leadId} = ${leadA} and ${leadMessages.body} = 'Sorry, forget that.'`);
    const [mine] = (await requestThreads(client, requestId)).filter((t) => t.leadId === leadA);
    expect(mine?.lastMessage).toMatchObject({ body: null, side: "provider" });
    expect(mine?.unread).toBe(0);
  });
});

describe("read markers and unread counts", () => {
  it("counts the other side's unread in the summary, the thread and the request's threads", async () => {
    const { requestId, leadA, leadB } = await matchedLeads();
    const ids = [
      await sent(a, leadA, "We can help."),
      await sent(a, leadA, "When would you like to talk?"),
      await sent(a, leadA, "Here is our plan."),
    ];
    await sent(b, leadB, "Hello from us too.");

    const summary = await unread(client);
    expect(summary.threads).toEqual(
      expect.arrayContaining([
        { leadId: leadA, quoteRequestId: requestId, unread: 3 },
        { leadId: leadB, quoteRequestId: requestId, unread: 1 },
      ]),
    );
    expect(summary.total).toBe(summary.threads.reduce((n: number, t: { unread: number }) => n + t.unread, 0) as number);
    // The provider's own messages are not unread for it; b sees nothing of a's thread.
    expect((await unread(a)).threads.some((t: { leadId: number }) => t.leadId === leadA)).toBe(false);
    expect((await unread(b)).threads.some((t: { leadId: number }) => t.leadId === leadA)).toBe(false);
    expect((await thread(client, leadA)).unread).toBe(3);
    const threads = await requestThreads(client, requestId);
    expect(threads.map((t) => t.leadId).sort()).toEqual([leadA, leadB].sort());
    expect(threads.find((t) => t.leadId === leadA)).toMatchObject({
      unread: 3,
      canWrite: true,
      lastMessage: { body: "Here is our plan.", side: "provider" },
    });

    // Marking read moves forward only, never back, and never past the newest message.
    expect(await markRead(client, leadA, ids[0])).toEqual({ readUpTo: ids[0], unread: 2 });
    expect((await thread(client, leadA)).unread).toBe(2);
    expect(await markRead(client, leadA, ids[0])).toEqual({ readUpTo: ids[0], unread: 2 });
    expect(await markRead(client, leadA, 1)).toEqual({ readUpTo: ids[0], unread: 2 });
    expect(await markRead(client, leadA, 2_000_000_000)).toEqual({ readUpTo: ids[2], unread: 0 });
    expect(await markRead(client, leadA, ids[1])).toEqual({ readUpTo: ids[2], unread: 0 });
    // Other tests' requests have unread threads of their own: only this request's are looked at.
    const ofThisRequest = async () =>
      (await unread(client)).threads.filter((t: { quoteRequestId: number }) => t.quoteRequestId === requestId);
    expect(await ofThisRequest()).toEqual([{ leadId: leadB, quoteRequestId: requestId, unread: 1 }]);
    const total = (await unread(client)).total;
    expect(await markRead(client, leadB)).toMatchObject({ unread: 0 });
    expect(await ofThisRequest()).toEqual([]);
    expect((await unread(client)).total).toBe(total - 1);
  });

  it("says how far the other side has read ('Seen'), and writing marks one's own side read", async () => {
    const { leadA } = await matchedLeads();
    expect((await thread(a, leadA)).seenUpTo).toBe(0);
    const q1 = await sent(a, leadA, "First question.");
    const q2 = await sent(a, leadA, "Second question.");
    expect((await thread(a, leadA)).seenUpTo).toBe(0);
    await markRead(client, leadA, q1);
    expect((await thread(a, leadA)).seenUpTo).toBe(q1);
    // The client's reply marks the thread read for the client, up to the reply.
    const reply = await sent(client, leadA, "Answers to both.");
    expect((await thread(client, leadA)).unread).toBe(0);
    expect((await thread(a, leadA)).seenUpTo).toBe(q2);
    expect((await thread(client, leadA)).seenUpTo).toBe(0);
    await markRead(a, leadA);
    expect((await thread(client, leadA)).seenUpTo).toBe(reply);
  });

  it("publishes a live event to both parties for a new message and for a read that moves", async () => {
    const { requestId, leadA } = await matchedLeads();
    const live = await listenLive();
    try {
      const id = await sent(client, leadA, "Are you there?");
      const message = await live.next((m) => m.event.type === "message" && m.event.leadId === leadA);
      expect(message.event).toEqual({ type: "message", leadId: leadA, quoteRequestId: requestId });
      expect([...message.userIds].sort()).toEqual([client.id, a.id].sort());
      const bell = await live.next((m) => m.event.type === "notification" && m.userIds.includes(a.id));
      expect(bell.userIds).toEqual([a.id]);

      await markRead(a, leadA, id);
      const read = await live.next((m) => m.event.type === "read" && m.event.leadId === leadA);
      expect(read.event).toEqual({ type: "read", leadId: leadA, quoteRequestId: requestId });
      expect([...read.userIds].sort()).toEqual([client.id, a.id].sort());
    } finally {
      await live.stop();
    }
  });
});

describe("the client's contact details", () => {
  it("stay hidden from the provider until the client writes in the thread", async () => {
    const { leadA } = await matchedLeads();
    await sent(a, leadA, "Before we quote: how many invoices a day?");
    const before = (await call(a, "GET", `/api/leads/${leadA}`)).json();
    expect(before.request).not.toHaveProperty("client");
    expect(before.request.requirements).not.toHaveProperty("email");
    await sent(client, leadA, "About forty.");
    const after = (await call(a, "GET", `/api/leads/${leadA}`)).json();
    expect(after.request.client.email).toBe(client.email);
    expect(after.request.requirements.email).toBeDefined();
  });

  it("an unconfirmed client's reply does not show them (decision 114)", async () => {
    const unconfirmed = await createUser(ctx, "client", "unconfirmed");
    const { leadA } = await matchedLeads(unconfirmed);
    await unconfirmLikeAnEarlyAccount(ctx, unconfirmed);
    await sent(unconfirmed, leadA, "Hello.");
    expect((await call(a, "GET", `/api/leads/${leadA}`)).json().request).not.toHaveProperty("client");
  });
});

describe("closed and declined leads", () => {
  it("a closed lead is read-only for both sides: 409 to write, 200 to read", async () => {
    const { requestId, leadA } = await matchedLeads();
    await sent(client, leadA, "Before it closes.");
    await setLeadStatus(leadA, "closed");
    for (const party of [client, a]) {
      const res = await say(party, leadA, "After it closed.");
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toMatch(/closed/);
      const header = await thread(party, leadA);
      expect(header.canWrite).toBe(false);
      expect(header.closedReason).toBe(res.json().message);
      expect((await page(party, leadA)).messages).toHaveLength(1);
      expect((await markRead(party, leadA)).unread).toBe(0);
    }
    expect((await requestThreads(client, requestId)).find((t) => t.leadId === leadA)?.canWrite).toBe(false);
  });

  it("after a hire only the hired provider's thread stays open; the others are closed with the reason", async () => {
    const { requestId, leadA, leadB } = await matchedLeads();
    const quoted = await quoteOn(ctx, a, requestId);
    await quoteOn(ctx, b, requestId);
    await sent(b, leadB, "Our offer stands.");
    await acceptQuote(ctx, client, quoted);

    expect((await say(client, leadA, "When do we start?")).statusCode).toBe(201);
    expect((await say(a, leadA, "Monday.")).statusCode).toBe(201);
    expect((await thread(a, leadA)).canWrite).toBe(true);

    const late = await say(b, leadB, "Any chance to reconsider?");
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe("The client hired another provider, so this conversation is closed.");
    const forClient = await thread(client, leadB);
    expect(forClient).toMatchObject({
      canWrite: false,
      closedReason: "You hired another provider for this request, so this conversation is closed.",
    });
    expect((await say(client, leadB, "Thanks anyway.")).statusCode).toBe(409);
    const threads = await requestThreads(client, requestId);
    expect(threads.map((t) => [t.leadId, t.canWrite])).toEqual(
      expect.arrayContaining([
        [leadA, true],
        [leadB, false],
      ]),
    );
  });

  it("a cancelled request closes its threads, saying so to each side", async () => {
    const { requestId, leadA } = await matchedLeads();
    expect((await call(client, "POST", `/api/quote-requests/${requestId}/cancel`)).statusCode).toBe(200);
    expect((await thread(a, leadA)).closedReason).toBe("This request was cancelled, so this conversation is closed.");
    expect((await say(a, leadA, "Shame.")).statusCode).toBe(409);
  });

  it("a declined lead: the provider reads but cannot write; the client does not see it without messages", async () => {
    const { requestId, leadA, leadB } = await matchedLeads();
    await setLeadStatus(leadA, "declined");
    const header = await thread(a, leadA);
    expect(header).toMatchObject({ canWrite: false });
    expect(header.closedReason).toMatch(/declined/);
    const write = await say(a, leadA, "Changed my mind.");
    expect(write.statusCode).toBe(409);
    for (const [method, url, body] of [
      ["GET", `/api/conversations/${leadA}`],
      ["GET", `/api/conversations/${leadA}/messages`],
      ["POST", `/api/conversations/${leadA}/messages`, { body: "Hello?" }],
      ["POST", `/api/conversations/${leadA}/read`, {}],
    ] as [Method, string, object?][]) {
      const res = await call(client, method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json().message).toBe(CONVERSATION_NOT_FOUND);
    }
    expect((await requestThreads(client, requestId)).map((t) => t.leadId)).toEqual([leadB]);
  });

  it("a declined lead with messages is gone for the client too: nothing says who declined", async () => {
    const { requestId, leadA, leadB } = await matchedLeads();
    await sent(client, leadA, "Is this in your scope?");
    await sent(a, leadA, "Sadly not.");
    expect((await unread(client)).threads.map((t) => t.leadId)).toContain(leadA);
    await setLeadStatus(leadA, "declined");
    for (const [method, url, body] of [
      ["GET", `/api/conversations/${leadA}`],
      ["GET", `/api/conversations/${leadA}/messages`],
      ["POST", `/api/conversations/${leadA}/messages`, { body: "Pity." }],
    ] as [Method, string, object?][]) {
      const res = await call(client, method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json().message).toBe(CONVERSATION_NOT_FOUND);
    }
    expect((await requestThreads(client, requestId)).map((t) => t.leadId)).toEqual([leadB]);
    expect((await unread(client)).threads.map((t) => t.leadId)).not.toContain(leadA);
    // The provider still reads what was said.
    expect((await page(a, leadA)).messages).toHaveLength(2);
  });
});

describe("notifications", () => {
  it("an admin hiding a message takes its text out of the recipient's bell too", async () => {
    const { leadA } = await matchedLeads();
    const id = await sent(client, leadA, "Call me on this number, it is urgent and rude.");
    const link = `/provider-dashboard/leads/${leadA}`;
    const before = (await messageNotes(a.id)).filter((n) => n.link === link);
    expect(before.map((n) => n.body)).toEqual(["Call me on this number, it is urgent and rude."]);
    const hide = await call(admin, "POST", `/api/admin/messages/${id}/hide`, { reason: "Abusive." });
    expect(hide.statusCode, hide.body).toBe(200);
    const after = (await messageNotes(a.id)).filter((n) => n.link === link);
    expect(after.map((n) => n.body)).toEqual([REMOVED_MESSAGE_NOTE]);
  });

  it("tells the other side in the bell, folds messages into its unread entry, and emails once per window", async () => {
    const { requestId, leadA } = await matchedLeads();
    const before = (await messageEmails(a)).length;
    await sent(client, leadA, "First question: do you use SAP's own tools?");
    const notes = (await messageNotes(a.id)).filter((n) => n.link === `/provider-dashboard/leads/${leadA}`);
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({
      title: "New message from Client T.",
      body: "First question: do you use SAP's own tools?",
      readAt: null,
    });
    const emails = await messageEmails(a);
    expect(emails).toHaveLength(before + 1);
    expect(emails[0]?.textBody).toContain("First question: do you use SAP's own tools?");
    expect(emails[0]?.textBody).toContain(`/provider-dashboard/leads/${leadA}`);
    expect(emails[0]?.subject).toContain("New message from Client T.");

    // Within the window: the bell entry is brought up to date, no second email.
    ctx.clock.advance((MESSAGE_EMAIL_WINDOW_MINUTES - 1) * 60 * 1000);
    await sent(client, leadA, `Second: ${"a long text ".repeat(30)}`);
    const folded = (await messageNotes(a.id)).filter((n) => n.link === `/provider-dashboard/leads/${leadA}`);
    expect(folded).toHaveLength(1);
    expect(folded[0]?.title).toBe("2 new messages from Client T.");
    expect(folded[0]?.body.startsWith("Second: a long text")).toBe(true);
    expect(folded[0]?.body.length).toBeLessThanOrEqual(160);
    expect(folded[0]?.body.endsWith("…")).toBe(true);
    expect(await messageEmails(a)).toHaveLength(before + 1);

    // Past the window: a second email.
    ctx.clock.advance(2 * 60 * 1000);
    await sent(client, leadA, "Third question.");
    expect(await messageEmails(a)).toHaveLength(before + 2);

    // Once the provider has read the bell entry, the next message makes a new one.
    await ctx.database.db.update(notifications).set({ readAt: new Date() }).where(eq(notifications.userId, a.id));
    await sent(client, leadA, "Fourth question.");
    const fresh = (await messageNotes(a.id)).filter((n) => n.link === `/provider-dashboard/leads/${leadA}`);
    expect(fresh).toHaveLength(2);
    expect(fresh.at(-1)).toMatchObject({ body: "Fourth question.", readAt: null });

    // The provider's reply reaches the client at the request's page, at this thread.
    await sent(a, leadA, "Answers: yes, yes and no.");
    const [forClient] = (await messageNotes(client.id)).filter(
      (n) => n.link === `/quote-request/${requestId}#conversation-${leadA}`,
    );
    expect(forClient?.title).toMatch(/^New message from Provider \d+ Automation$/);
    const clientEmails = (await messageEmails(client)).filter((e) => e.textBody.includes(`#conversation-${leadA}`));
    expect(clientEmails).toHaveLength(1);
    expect(clientEmails[0]?.textBody).toContain("Answers: yes, yes and no.");
  });

  it("honours the recipient's choice of no email for messages; the bell still gets them", async () => {
    const quiet = await createUser(ctx, "client", "quiet");
    const prefs = await call(quiet, "PUT", "/api/notifications/preferences", {
      preferences: [{ kind: "message.received", email: false }],
    });
    expect(prefs.statusCode, prefs.body).toBe(200);
    const { leadA } = await matchedLeads(quiet);
    await sent(a, leadA, "A question for you.");
    expect(await messageEmails(quiet)).toHaveLength(0);
    expect(await messageNotes(quiet.id)).toHaveLength(1);
    // Folded into the unread entry: still no email.
    ctx.clock.advance((MESSAGE_EMAIL_WINDOW_MINUTES + 1) * 60 * 1000);
    await sent(a, leadA, "And another.");
    expect(await messageEmails(quiet)).toHaveLength(0);
    expect(await messageNotes(quiet.id)).toHaveLength(1);
  });
});

describe("the bell and the sender's pace", () => {
  it("reading a thread to its end reads the bell's entry about it, and the bell hears of it", async () => {
    const { leadA } = await matchedLeads();
    const first = await sent(client, leadA, "One.");
    await sent(client, leadA, "Two.");
    const about = async () => (await messageNotes(a.id)).filter((n) => n.link === `/provider-dashboard/leads/${leadA}`);
    // Part of the thread read: the entry stays unread.
    await markRead(a, leadA, first);
    expect((await about()).map((n) => n.readAt)).toEqual([null]);
    const live = await listenLive();
    try {
      await markRead(a, leadA);
      expect((await about())[0]?.readAt).not.toBeNull();
      const bell = await live.next((m) => m.event.type === "notification" && m.userIds.includes(a.id));
      expect(bell.userIds).toEqual([a.id]);
    } finally {
      await live.stop();
    }
  });

  it(`refuses more than ${MESSAGE_RATE_LIMIT.max} messages from one sender in the window with a 429`, async () => {
    const fast = await createUser(ctx, "client", "fast");
    const { leadA } = await matchedLeads(fast);
    startNewWindow(ctx, MESSAGE_RATE_LIMIT.windowMs);
    for (let i = 1; i <= MESSAGE_RATE_LIMIT.max; i += 1) await sent(fast, leadA, `Line ${i}`);
    const refused = await say(fast, leadA, "One too many.");
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(MESSAGE_RATE_LIMIT.message);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    // The other side is not held back by it, and the sender may write again in the next window.
    expect((await say(a, leadA, "Got them all.")).statusCode).toBe(201);
    ctx.clock.advance(MESSAGE_RATE_LIMIT.windowMs);
    expect((await say(fast, leadA, "Sorry for the flood.")).statusCode).toBe(201);
    expect((await page(fast, leadA, "?limit=1")).messages[0].body).toBe("Sorry for the flood.");
  });
});

describe("live events of quotes", () => {
  it("tells the client of a quote sent, changed and withdrawn, and the provider of its acceptance", async () => {
    const { requestId, leadA } = await matchedLeads();
    const live = await listenLive();
    try {
      const toClient = (m: LiveMessage) =>
        m.event.type === "quote" && m.event.leadId === leadA && m.userIds.includes(client.id);
      const sentQuote = await call(a, "POST", `/api/leads/${leadA}/quote`, QUOTE);
      expect(sentQuote.statusCode).toBe(201);
      const heard = await live.next((m) => m.event.type === "quote" && m.event.leadId === leadA);
      expect(heard).toEqual({
        userIds: [client.id],
        event: { type: "quote", leadId: leadA, quoteRequestId: requestId },
      });
      const id = sentQuote.json().id;
      expect((await call(a, "PUT", `/api/quotes/${id}`, { ...QUOTE, amount: 20_000 })).statusCode).toBe(200);
      expect((await call(a, "POST", `/api/quotes/${id}/withdraw`)).statusCode).toBe(200);
      // Sent, changed, withdrawn: three events for the client.
      expect((await live.next(toClient, 3)).userIds).toEqual([client.id]);
      const again = await call(a, "POST", `/api/leads/${leadA}/quote`, QUOTE);
      expect(again.statusCode).toBe(201);
      await acceptQuote(ctx, client, again.json().id);
      const toProvider = await live.next((m) => m.event.type === "quote" && m.userIds.includes(a.id));
      expect(toProvider.event).toEqual({ type: "quote", leadId: leadA, quoteRequestId: requestId });
    } finally {
      await live.stop();
    }
  });
});
