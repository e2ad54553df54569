import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { formatUtcDay } from "@/shared/dates";
import { countOf, formatDate, formatDateTime, formatHours, formatMonth, relativeTime } from "./format";

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
    // The server writes the same day, in UTC; a month is "March 2026".
    expect(formatUtcDay(new Date("2026-11-26T23:30:00Z"))).toBe("Nov 26, 2026");
    expect(formatMonth("2026-03-01T00:30:00Z")).toBe("March 2026");
  });

  it("writes a count with its noun, plural past one, with thousands separators", () => {
    expect(countOf(1, "review")).toBe("1 review");
    expect(countOf(0, "review")).toBe("0 reviews");
    expect(countOf(1248, "hour")).toBe("1,248 hours");
    expect(formatHours(1)).toBe("1 hour");
  });
});

describe("no page writes a date its own way", () => {
  it("leaves toLocaleDateString, toLocaleTimeString and a Date's toLocaleString to nobody (issue 30)", () => {
    const root = path.resolve(import.meta.dirname, "../..");
    const found: string[] = [];
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const file = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(file);
        else if (/\.tsx?$/.test(entry.name) && !entry.name.includes(".test.")) {
          const text = fs.readFileSync(file, "utf8");
          for (const [i, line] of text.split("\n").entries()) {
            if (
              /toLocale(Date|Time)String\(|Date\([^)]*\)\.toLocaleString\(/.test(line) &&
              !line.trim().startsWith("//")
            ) {
              found.push(`${path.relative(root, file)}:${i + 1}`);
            }
          }
        }
      }
    };
    for (const side of ["web", "server", "shared"]) walk(path.join(root, side));
    expect(found).toEqual([]);
  });
});
