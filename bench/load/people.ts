// What the simulated people do, each in a loop until the run ends, with a person's pauses between
// clicks: visitors read the public pages, clients sign in, submit, compare quotes, message and hire,
// providers read their leads, quote, decline and message, and an admin reads the overview and lists.

import { quoteRequestBody } from "../../src/server/test/fixtures";
import type { LeadSummary } from "../../src/shared/leads";
import { INDUSTRIES } from "../../src/shared/quote-request-options";
import type { ClientQuote } from "../../src/shared/quotes";
import { type Balancer, jsonOf } from "./http";
import type { Person } from "./seed";
import type { Streams } from "./streams";

export const PASSWORD = "load-test-password-1";

export type World = {
  balancer: Balancer;
  streams: Streams;
  /** The run ends at this performance.now(). */
  until: number;
  /** Who owns each request, and which provider's user each public profile (slug) is. */
  requestOwner: Map<number, number>;
  slugOwner: Map<string, number>;
  slugs: string[];
  /** Pause between a person's clicks, in ms (a random time up to twice it). */
  thinkMs: number;
};

const pick = <T>(xs: T[]): T | undefined => xs[Math.floor(Math.random() * xs.length)];

async function pause(world: World) {
  await new Promise((r) => setTimeout(r, Math.random() * 2 * world.thinkMs));
}

const running = (world: World) => performance.now() < world.until;

export async function visitor(world: World, me: Person) {
  const b = world.balancer;
  while (running(world)) {
    await b.call(me, "GET", "/", { label: "GET / (landing)", kind: "page" });
    await pause(world);
    await b.call(me, "GET", "/providers", { label: "GET /providers (directory)", kind: "page" });
    await pause(world);
    await b.call(me, "GET", `/providers/${pick(world.slugs)}`, {
      label: "GET /providers/:slug (profile)",
      kind: "page",
    });
    await pause(world);
  }
}

/** Signs in with the password, as the login form does: the session cookie it sets. */
async function signIn(world: World, me: Person): Promise<Person> {
  // From another device: without the session cookie (the open tab keeps its session and stream).
  const res = await world.balancer.call({ ip: me.ip }, "POST", "/api/auth/sign-in", {
    label: "POST /api/auth/sign-in",
    kind: "sign-in",
    body: { email: me.email, password: PASSWORD },
  });
  const cookie = /sid=[^;]+/.exec(String(res.headers["set-cookie"] ?? ""))?.[0];
  return cookie ? { ...me, cookie } : me;
}

export async function client(world: World, someone: Person, options: { signIn: boolean; submit: boolean }) {
  const b = world.balancer;
  const me = options.signIn ? await signIn(world, someone) : someone;
  let submitted = !options.submit;
  while (running(world)) {
    await b.call(me, "GET", "/api/auth/user", { label: "GET /api/auth/user", kind: "read" });
    await b.call(me, "GET", "/api/quote-requests/me/summary", {
      label: "GET /api/quote-requests/me/summary",
      kind: "read",
    });
    const mine = jsonOf<{ id: number; status: string }[]>(
      await b.call(me, "GET", "/api/quote-requests/me", { label: "GET /api/quote-requests/me", kind: "read" }),
    );
    await pause(world);
    if (!submitted) {
      submitted = true;
      const body = quoteRequestBody({
        industry: pick([...INDUSTRIES]) ?? "finance",
        title: `Load ${me.id} ${Date.now()}`,
      });
      // The client's first request: its `lead` event (whatever the request's id) is the one awaited, and
      // it may come before the answer does, as the match starts at the commit.
      const settle = world.streams.await(me.id, "lead", undefined, performance.now());
      const answer = await b.call(me, "POST", "/api/quote-requests", {
        label: "POST /api/quote-requests",
        kind: "write",
        body,
      });
      settle(answer.status);
      const res = jsonOf<{ id: number }>(answer);
      if (res) world.requestOwner.set(res.id, me.id);
      await pause(world);
      continue;
    }
    const request = pick((mine ?? []).filter((r) => r.status === "matched"));
    if (!request) {
      await pause(world);
      continue;
    }
    await b.call(me, "GET", `/api/quote-requests/${request.id}`, {
      label: "GET /api/quote-requests/:id",
      kind: "read",
    });
    const quotes =
      jsonOf<ClientQuote[]>(
        await b.call(me, "GET", `/api/quote-requests/${request.id}/quotes`, {
          label: "GET /api/quote-requests/:id/quotes",
          kind: "read",
        }),
      ) ?? [];
    await b.call(me, "GET", `/api/quote-requests/${request.id}/conversations`, {
      label: "GET /api/quote-requests/:id/conversations",
      kind: "read",
    });
    await pause(world);
    const quote = pick(quotes.filter((q) => q.status === "submitted"));
    if (!quote) continue;
    const provider = world.slugOwner.get(quote.provider.slug);
    const thread = jsonOf<{ canWrite: boolean }>(
      await b.call(me, "GET", `/api/conversations/${quote.leadId}`, {
        label: "GET /api/conversations/:leadId",
        kind: "read",
      }),
    );
    await pause(world);
    if (!thread?.canWrite) continue;
    if (Math.random() < 0.85) {
      const settle = world.streams.await(provider, "message", quote.leadId, performance.now());
      const own = world.streams.ownCopy(me.id, quote.leadId);
      const res = await b.call(me, "POST", `/api/conversations/${quote.leadId}/messages`, {
        label: "POST /api/conversations/:leadId/messages",
        kind: "write",
        body: { body: `Could you start next month? (${me.id}, ${Date.now()})` },
      });
      settle(res.status);
      own(res.status);
    } else {
      const settle = world.streams.await(provider, "quote", quote.leadId, performance.now());
      const res = await b.call(me, "POST", `/api/quotes/${quote.id}/accept`, {
        label: "POST /api/quotes/:id/accept",
        kind: "write",
      });
      settle(res.status);
    }
    await pause(world);
  }
}

export async function provider(world: World, me: Person) {
  const b = world.balancer;
  while (running(world)) {
    await b.call(me, "GET", "/api/auth/user", { label: "GET /api/auth/user", kind: "read" });
    const leads =
      jsonOf<LeadSummary[]>(await b.call(me, "GET", "/api/leads/me", { label: "GET /api/leads/me", kind: "read" })) ??
      [];
    await pause(world);
    const fresh = pick(leads.filter((l) => l.status === "new" || l.status === "viewed"));
    if (fresh) {
      await b.call(me, "GET", `/api/leads/${fresh.id}`, { label: "GET /api/leads/:id", kind: "read" });
      await b.call(me, "POST", `/api/leads/${fresh.id}/view`, { label: "POST /api/leads/:id/view", kind: "write" });
      await pause(world);
      const client = world.requestOwner.get(fresh.quoteRequestId);
      const t0 = performance.now();
      if (Math.random() < 0.8) {
        const settle = world.streams.await(client, "quote", fresh.id, t0);
        const res = await b.call(me, "POST", `/api/leads/${fresh.id}/quote`, {
          label: "POST /api/leads/:id/quote",
          kind: "write",
          body: {
            amount: 18_000 + (fresh.id % 20) * 1000,
            timeline: "6 weeks",
            message: "We would build an unattended bot that reads each invoice and keys it into SAP.",
          },
        });
        settle(res.status);
      } else {
        await b.call(me, "POST", `/api/leads/${fresh.id}/decline`, {
          label: "POST /api/leads/:id/decline",
          kind: "write",
          body: { reason: "no_capacity" },
        });
      }
      await pause(world);
    }
    const quoted = pick(leads.filter((l) => l.status === "quoted"));
    if (quoted) {
      const thread = jsonOf<{ canWrite: boolean }>(
        await b.call(me, "GET", `/api/conversations/${quoted.id}`, {
          label: "GET /api/conversations/:leadId",
          kind: "read",
        }),
      );
      await pause(world);
      const client = world.requestOwner.get(quoted.quoteRequestId);
      if (thread?.canWrite && Math.random() < 0.5) {
        const settle = world.streams.await(client, "message", quoted.id, performance.now());
        const own = world.streams.ownCopy(me.id, quoted.id);
        const res = await b.call(me, "POST", `/api/conversations/${quoted.id}/messages`, {
          label: "POST /api/conversations/:leadId/messages",
          kind: "write",
          body: { body: `We can start on Monday. (${me.id}, ${Date.now()})` },
        });
        settle(res.status);
        own(res.status);
        await pause(world);
      }
    }
    if (Math.random() < 0.2) await b.call(me, "GET", "/api/quotes/me", { label: "GET /api/quotes/me", kind: "read" });
  }
}

export async function admin(world: World, me: Person) {
  const b = world.balancer;
  const reads = [
    "/api/admin/stats",
    "/api/admin/users",
    "/api/admin/requests",
    "/api/admin/providers",
    "/api/admin/emails",
    "/api/admin/system",
  ];
  while (running(world)) {
    for (const path of reads) {
      await b.call(me, "GET", path, { label: `GET ${path}`, kind: "read" });
      await pause(world);
    }
  }
}
