import { describe, expect, it } from "vitest";
import { formatDay, formatMonthYear, responseTimeInWords } from "./format";

describe("responseTimeInWords", () => {
  it("says minutes under an hour, hours under two days, then days, rounding up", () => {
    expect(responseTimeInWords(null)).toBe("No answers yet");
    expect(responseTimeInWords(0)).toBe("within 1 minute");
    expect(responseTimeInWords(45)).toBe("within 45 minutes");
    expect(responseTimeInWords(60)).toBe("within 1 hour");
    expect(responseTimeInWords(150)).toBe("within 3 hours");
    expect(responseTimeInWords(47 * 60)).toBe("within 47 hours");
    expect(responseTimeInWords(49 * 60)).toBe("within 3 days");
  });
});

describe("dates", () => {
  it("are written in UTC, so the server's render and the browser's agree", () => {
    expect(formatMonthYear("2026-03-01T00:30:00Z")).toBe("March 2026");
    expect(formatDay("2026-03-01T23:30:00Z")).toBe("Mar 1, 2026");
  });
});
