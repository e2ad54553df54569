// Limits on what one person, or one network, may write (issue 29, decision 144): every write to the
// API counts against its account and its network, and the writes that reach other people (a quote
// request emails providers, a quote and a review reach a client or a provider, a report an admin) have
// tighter allowances of their own. Past one, the answer is 429 with Retry-After, and nothing is written.
// The allowances are counted in the database (rate_limits), so they hold across restarts and processes.

import { sql } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Db } from "../db/client";
import { rateLimits } from "../db/schema/rate-limits";
import { TooManyRequestsError } from "../errors";
import type { RateLimit } from "./rate-limit";
import { rateLimitSubject } from "./rate-limit";
import { loadUser } from "./session";

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;

/** Every write by a signed-in account: far above a person clicking, low enough to stop a script. */
export const ACCOUNT_WRITES: RateLimit = {
  name: "writes-account",
  max: 120,
  windowMs: MINUTE,
  message: "You are making changes very quickly. Wait a minute, then try again.",
};

/** Every write from one network (an office behind one address has many people). */
export const NETWORK_WRITES: RateLimit = {
  name: "writes-network",
  max: 600,
  windowMs: MINUTE,
  message: "Too many changes are coming from your network right now. Wait a minute, then try again.",
};

type ActionLimits = { perAccount?: RateLimit; perNetwork?: RateLimit };

/** The writes that reach other people, by route: each is counted on top of the limits above. */
export const ACTION_LIMITS: Record<string, ActionLimits> = {
  // Each request is matched to up to three providers, who are emailed: the costliest write there is.
  "POST /api/quote-requests": {
    perAccount: {
      name: "quote-requests-account",
      max: 10,
      windowMs: HOUR,
      message:
        "You have sent 10 quote requests in the last hour. The ones you sent are with providers; wait a while before you send another.",
    },
    perNetwork: {
      name: "quote-requests-network",
      max: 30,
      windowMs: HOUR,
      message: "Too many quote requests have come from your network in the last hour. Try again later.",
    },
  },
  "POST /api/leads/:id/quote": {
    perAccount: {
      name: "quotes-account",
      max: 60,
      windowMs: HOUR,
      message: "You have sent 60 quotes in the last hour. Wait a while before you send another.",
    },
  },
  "POST /api/conversations/:leadId/messages": {
    // The account's own allowance is the conversation feature's (MESSAGE_RATE_LIMIT).
    perNetwork: {
      name: "messages-network",
      max: 300,
      windowMs: 10 * MINUTE,
      message: "Too many messages are coming from your network right now. Wait a few minutes, then send again.",
    },
  },
  "POST /api/messages/:id/report": {
    perAccount: {
      name: "reports-account",
      max: 20,
      windowMs: HOUR,
      message:
        "You have reported 20 messages in the last hour. Our team is looking at them; wait before you report more.",
    },
  },
  "POST /api/quote-requests/:id/review": {
    perAccount: {
      name: "reviews-account",
      max: 10,
      windowMs: HOUR,
      message: "You have written 10 reviews in the last hour. Wait a while before you write another.",
    },
  },
  "POST /api/reviews/:id/reply": {
    perAccount: {
      name: "review-replies-account",
      max: 30,
      windowMs: HOUR,
      message: "You have replied to 30 reviews in the last hour. Wait a while before you reply again.",
    },
  },
};

const WRITE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** Writes no person makes: the payment processor's events, checked by their signature instead. */
const NOT_A_PERSON = new Set(["/api/webhooks/stripe"]);

type Hit = { limit: RateLimit; subject: string };

/**
 * Counts one hit on each limit in one statement (one round trip on the hot path), and throws 429 for
 * the first whose window's allowance is spent, with the wait until that window ends.
 */
export async function hitRateLimits(db: Db, hits: Hit[], at: Date, factor = 1): Promise<void> {
  if (hits.length === 0) return;
  const now = at.getTime();
  const windows = hits.map(({ limit, subject }) => ({
    limit,
    key: `${limit.name}:${subject}`,
    windowStart: new Date(Math.floor(now / limit.windowMs) * limit.windowMs),
  }));
  const rows = await db
    .insert(rateLimits)
    .values(windows.map((w) => ({ key: w.key, windowStart: w.windowStart, hits: 1 })))
    .onConflictDoUpdate({
      target: [rateLimits.key, rateLimits.windowStart],
      set: { hits: sql`${rateLimits.hits} + 1` },
    })
    .returning({ key: rateLimits.key, hits: rateLimits.hits });
  const counted = new Map(rows.map((r) => [r.key, r.hits]));
  for (const w of windows) {
    if ((counted.get(w.key) ?? 0) <= w.limit.max * factor) continue;
    const retryAfter = Math.ceil((w.windowStart.getTime() + w.limit.windowMs - now) / 1000);
    throw new TooManyRequestsError(w.limit.message, Math.max(1, retryAfter));
  }
}

/**
 * The hook, before a write's handler: the signed-in account's and the network's allowances, and the
 * route's own. `factor` multiplies every allowance (WRITE_LIMIT_FACTOR: 1 in production; load tests
 * and test suites that write fast on purpose raise it).
 */
export function limitWrites(app: FastifyInstance, factor: number) {
  return async (request: FastifyRequest): Promise<void> => {
    if (!WRITE_METHODS.has(request.method) || !request.url.startsWith("/api/")) return;
    if (NOT_A_PERSON.has(request.routeOptions.url ?? "")) return;
    const user = await loadUser(request);
    const network = rateLimitSubject(request.ip);
    const action = ACTION_LIMITS[`${request.method} ${request.routeOptions.url}`];
    const hits: Hit[] = [{ limit: NETWORK_WRITES, subject: network }];
    if (action?.perNetwork) hits.push({ limit: action.perNetwork, subject: network });
    if (user) {
      hits.push({ limit: ACCOUNT_WRITES, subject: `user:${user.id}` });
      if (action?.perAccount) hits.push({ limit: action.perAccount, subject: `user:${user.id}` });
    }
    await hitRateLimits(app.db, hits, app.now(), factor);
  };
}
