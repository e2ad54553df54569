import { describe, expect, it } from "vitest";
import { clientCounts } from "./client-dashboard-page";
import { previewDescription } from "./format";

describe("dashboard figures", () => {
  it("shows the server's counts in the client's words: a cancelled request is completed (closed)", () => {
    const counts = {
      total: 5,
      byStatus: { open: 2, matched: 1, closed: 1, cancelled: 1 },
      hoursSavedPerYear: 0,
      withEstimate: 0,
    };
    expect(clientCounts(counts)).toEqual({ total: 5, open: 2, matched: 1, closed: 2 });
  });

  it("cuts descriptions after 150 characters", () => {
    expect(previewDescription("x".repeat(150))).toBe("x".repeat(150));
    expect(previewDescription("x".repeat(151))).toBe(`${"x".repeat(150)}...`);
  });
});
