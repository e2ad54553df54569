// The one way a day is written, "Mar 2, 2026", on both sides: the pages (src/web/lib/format.ts) and
// the server's notifications and emails (issue 30: three formats side by side before).

export const DATE_FORMAT: Intl.DateTimeFormatOptions = { year: "numeric", month: "short", day: "numeric" };

const UTC_DAY = new Intl.DateTimeFormat("en-US", { ...DATE_FORMAT, timeZone: "UTC" });

/** "Mar 2, 2026", the day in UTC: what the server writes, knowing no reader's time zone. */
export function formatUtcDay(date: Date): string {
  return UTC_DAY.format(date);
}
