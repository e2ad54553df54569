// Per-address limits count the address the last trusted proxy saw: a client that writes its own
// X-Forwarded-For gets no fresh allowance from it (decision 106).
import { describe, expect, it } from "vitest";
import { PUBLIC_FORM_LIMIT } from "../features/inquiries/service";
import { sharedTestContext } from "../test/shared-context";
import { startNewWindow, type TestContext } from "../test/test-app";

const inquiry = (n: number) => ({
  source: "landing",
  name: "Jane Doe",
  email: `jane-${n}-${Math.random()}@example.com`,
  company: "Acme Corp",
  processDescription: `Invoice ${n}: we re-key 300 invoices a week from PDFs into SAP.`,
  budgetEstimate: "10k-50k",
  talkToConsultant: false,
});

/** Fills the public forms' allowance, each request claiming a different client in X-Forwarded-For. */
async function submitRotating(ctx: TestContext, proxy: string, forwardedBy: (n: number) => string) {
  startNewWindow(ctx, PUBLIC_FORM_LIMIT.windowMs);
  const statuses: number[] = [];
  for (let n = 0; n <= PUBLIC_FORM_LIMIT.max; n++) {
    const res = await ctx.app.inject({
      method: "POST",
      url: "/api/leads",
      payload: inquiry(n),
      remoteAddress: proxy,
      headers: { "x-forwarded-for": forwardedBy(n) },
    });
    statuses.push(res.statusCode);
  }
  return statuses;
}

const allowedThenLimited = [...Array(PUBLIC_FORM_LIMIT.max).fill(201), 429];

describe("one proxy hop (TRUST_PROXY=1)", () => {
  const ctx = sharedTestContext({ TRUST_PROXY: "1" });

  it("counts the address the proxy saw, whatever the client wrote before it", async () => {
    // The proxy appends the address it saw (203.0.113.7) after what the client sent.
    const statuses = await submitRotating(ctx, "10.0.0.2", (n) => `198.51.100.${n}, 203.0.113.7`);
    expect(statuses).toEqual(allowedThenLimited);
  });

  it("tells clients behind the proxy apart", async () => {
    const statuses = await submitRotating(ctx, "10.0.0.2", (n) => `203.0.113.${100 + n}`);
    expect(statuses.every((s) => s === 201)).toBe(true);
  });
});

describe("proxies by address (TRUST_PROXY=10.0.0.0/8)", () => {
  const ctx = sharedTestContext({ TRUST_PROXY: "10.0.0.0/8" });

  it("counts the address the last trusted proxy saw, through a chain of them", async () => {
    const statuses = await submitRotating(ctx, "10.0.0.2", (n) => `198.51.100.${n}, 203.0.113.8, 10.1.1.1`);
    expect(statuses).toEqual(allowedThenLimited);
  });

  it("ignores the header from an address that is not a trusted proxy", async () => {
    const statuses = await submitRotating(ctx, "203.0.113.9", (n) => `198.51.100.${n}`);
    expect(statuses).toEqual(allowedThenLimited);
  });
});

describe("no trusted proxy (TRUST_PROXY unset)", () => {
  const ctx = sharedTestContext();

  it("ignores X-Forwarded-For and counts the connection's address", async () => {
    const statuses = await submitRotating(ctx, "203.0.113.10", (n) => `198.51.100.${n}`);
    expect(statuses).toEqual(allowedThenLimited);
  });
});
