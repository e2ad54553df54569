import { describe, expect, it } from "vitest";
import type { QuoteRequestStatus, QuoteRequestSummary } from "@/shared/quote-requests";
import { countByClientStatus } from "./client-dashboard-page";
import { previewDescription } from "./format";
import { totalHoursSaved } from "./reports-page";

function summary(id: number, status: QuoteRequestStatus, roiHoursPerYear: number | null = null): QuoteRequestSummary {
  return {
    id,
    title: `Request ${id}`,
    description: "A process that takes too long.",
    industry: "finance",
    createdAt: "2026-03-02T09:00:00.000Z",
    budgetRange: "Not specified",
    automationTypes: ["Save time"],
    status,
    timeline: "asap",
    matchDueAt: "2026-03-04T09:00:00.000Z",
    isComplex: false,
    roiHoursPerYear,
  };
}

describe("dashboard figures", () => {
  it("counts the cards in the client's words: a cancelled request is completed (closed)", () => {
    const list = [
      summary(1, "open"),
      summary(2, "open"),
      summary(3, "matched"),
      summary(4, "closed"),
      summary(5, "cancelled"),
    ];
    expect(countByClientStatus(list)).toEqual({ total: 5, open: 2, matched: 1, closed: 2 });
    expect(countByClientStatus([])).toEqual({ total: 0, open: 0, matched: 0, closed: 0 });
  });

  it("cuts descriptions after 150 characters", () => {
    expect(previewDescription("x".repeat(150))).toBe("x".repeat(150));
    expect(previewDescription("x".repeat(151))).toBe(`${"x".repeat(150)}...`);
  });
});

describe("reports", () => {
  it("adds up the estimated hours of requests that are still wanted", () => {
    const list = [
      summary(1, "open", 1000),
      summary(2, "matched", 248),
      summary(3, "cancelled", 500),
      summary(4, "open"),
    ];
    expect(totalHoursSaved(list)).toBe(1248);
  });
});
