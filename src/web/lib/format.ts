// Dates, durations and counts as every page writes them (US English, like the rest of the texts).

/** "1 hour", "1,248 hours", "24 providers": a count and its noun, plural past one. */
export function countOf(n: number, one: string): string {
  return `${n.toLocaleString("en-US")} ${n === 1 ? one : `${one}s`}`;
}

/** The one way a day is written: "Mar 2, 2026". */
const DAY: Intl.DateTimeFormatOptions = { year: "numeric", month: "short", day: "numeric" };

/**
 * "Mar 2, 2026", in the browser's time zone, or in `timeZone` (the server-rendered public pages write
 * UTC, so that the browser's first render writes the same text, decision 138).
 */
export function formatDate(iso: string, timeZone?: string): string {
  return new Date(iso).toLocaleDateString("en-US", { ...DAY, timeZone });
}

/** "March 2, 2026"; empty when there is no date. */
export function formatLongDate(iso: string | null): string {
  if (!iso) return "";
  return new Date(iso).toLocaleDateString("en-US", { month: "long", day: "numeric", year: "numeric" });
}

/** "Mar 2, 2026, 9:05 AM" */
export function formatDateTime(iso: string): string {
  return new Date(iso).toLocaleString("en-US", { ...DAY, hour: "numeric", minute: "2-digit" });
}

/** "1 hour", "1,248 hours" */
export function formatHours(hours: number): string {
  return countOf(hours, "hour");
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY_MS = 24 * HOUR;

/** Spec section 9: 'Just now' under a minute, then minutes under 60, hours under 24, then a date. */
export function relativeTime(iso: string, now: Date = new Date()): string {
  const ago = now.getTime() - new Date(iso).getTime();
  if (ago < MINUTE) return "Just now";
  if (ago < HOUR) return `${countOf(Math.floor(ago / MINUTE), "minute")} ago`;
  if (ago < DAY_MS) return `${countOf(Math.floor(ago / HOUR), "hour")} ago`;
  return formatDate(iso);
}
