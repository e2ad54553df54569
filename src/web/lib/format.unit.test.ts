import { describe, expect, it } from "vitest";
import { formatDate, relativeTime } from "./format";

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
