import { describe, expect, it } from "vitest";
import {
  firstYearTotalCents,
  lastMonths,
  type QuoteStatus,
  quoteInputSchema,
  toStoredLineItems,
  winRate,
  winRatePercent,
} from "./quotes";

const base = { amount: 10_000, timeline: "4 weeks", message: "A bot that files every invoice for you." };

describe("quote arithmetic", () => {
  it("total first-year cost = one-off price + 12 × monthly items", () => {
    const items = toStoredLineItems({ build: 10_000, hosting: 50, maintenance: 200 });
    expect(items).toEqual([
      { kind: "build", amountCents: 1_000_000 },
      { kind: "hosting", amountCents: 5_000 },
      { kind: "maintenance", amountCents: 20_000 },
    ]);
    expect(firstYearTotalCents(1_000_000, items)).toBe(1_300_000);
    expect(firstYearTotalCents(1_000_000, [])).toBe(1_000_000);
  });

  it("one-off items must add up to the amount; monthly items may be given alone", () => {
    expect(quoteInputSchema.safeParse({ ...base, lineItems: { discovery: 2_000, build: 8_000 } }).success).toBe(true);
    expect(quoteInputSchema.safeParse({ ...base, lineItems: { maintenance: 300 } }).success).toBe(true);
    const wrong = quoteInputSchema.safeParse({ ...base, lineItems: { build: 9_000 } });
    expect(wrong.success).toBe(false);
    expect(wrong.error?.issues[0]?.path).toEqual(["lineItems"]);
    expect(wrong.error?.issues[0]?.message).toContain("$9,000");
  });

  it("win rate rounds to a whole percent", () => {
    expect(winRatePercent(1, 3)).toBe(33);
    expect(winRatePercent(2, 3)).toBe(67);
    expect(winRatePercent(0, 0)).toBe(0);
  });

  it("the win rate of a list of quotes leaves withdrawn ones out: they were never sent", () => {
    const q = (status: QuoteStatus) => ({ status });
    expect(winRate([q("accepted"), q("declined"), q("withdrawn")])).toBe(50);
    expect(winRate([q("withdrawn")])).toBe(0);
    expect(winRate([q("accepted"), q("submitted"), q("declined")])).toBe(33);
  });

  it("the last six months end with the current one, across a year boundary", () => {
    expect(lastMonths(new Date("2027-02-15T12:00:00Z"))).toEqual([
      "2026-09",
      "2026-10",
      "2026-11",
      "2026-12",
      "2027-01",
      "2027-02",
    ]);
  });
});
