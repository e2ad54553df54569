import { describe, expect, it } from "vitest";
import { countOf, formatDate, formatDateTime, formatHours, relativeTime } from "./format";

describe("relativeTime (spec section 9)", () => {
  const now = new Date("2026-11-24T12:00:00Z");
  const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();
  const S = 1000;
  const M = 60 * S;
  const H = 60 * M;

  it("says 'Just now' under a minute, then minutes, then hours, then the date", () => {
    expect(relativeTime(ago(0), now)).toBe("Just now");
    expect(relativeTime(ago(59 * S), now)).toBe("Just now");
    expect(relativeTime(ago(60 * S), now)).toBe("1 minute ago");
    expect(relativeTime(ago(2 * M), now)).toBe("2 minutes ago");
    expect(relativeTime(ago(59 * M + 59 * S), now)).toBe("59 minutes ago");
    expect(relativeTime(ago(60 * M), now)).toBe("1 hour ago");
    expect(relativeTime(ago(23 * H + 59 * M), now)).toBe("23 hours ago");
    expect(relativeTime(ago(24 * H), now)).toBe(formatDate(ago(24 * H)));
  });
});

describe("one way to write a day and a count", () => {
  it("writes a day as 'Mar 2, 2026', in UTC when asked, and a moment as that day with its time", () => {
    expect(formatDate("2026-03-02T12:00:00Z", "UTC")).toBe("Mar 2, 2026");
    expect(formatDate("2026-03-01T23:30:00Z", "UTC")).toBe("Mar 1, 2026");
    expect(formatDateTime("2026-03-02T12:00:00Z")).toMatch(/^Mar \d, 2026, \d{1,2}:\d{2} (AM|PM)$/);
  });

  it("writes a count with its noun, plural past one, with thousands separators", () => {
    expect(countOf(1, "review")).toBe("1 review");
    expect(countOf(0, "review")).toBe("0 reviews");
    expect(countOf(1248, "hour")).toBe("1,248 hours");
    expect(formatHours(1)).toBe("1 hour");
  });
});
