// Dates, durations and counts as every page writes them (US English, like the rest of the texts).
import { DATE_FORMAT } from "@/shared/dates";

/** "1 hour", "1,248 hours", "24 providers": a count and its noun, plural past one. */
export function countOf(n: number, one: string): string {
  return `${n.toLocaleString("en-US")} ${n === 1 ? one : `${one}s`}`;
}

/** A count in a small badge: "99+" past 99, so that the badge keeps its size. */
export function badgeCount(n: number): string {
  return n > 99 ? "99+" : String(n);
}

// One date format, one date-time format and one month format, each an Intl.DateTimeFormat made once
// (per time zone asked): no page calls toLocaleDateString or toLocaleString itself (issue 30).
const DATE = DATE_FORMAT;
const DATE_TIME: Intl.DateTimeFormatOptions = { ...DATE, hour: "numeric", minute: "2-digit" };
const MONTH: Intl.DateTimeFormatOptions = { year: "numeric", month: "long" };

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(options: Intl.DateTimeFormatOptions, timeZone: string | undefined): Intl.DateTimeFormat {
  const key = `${JSON.stringify(options)} ${timeZone ?? ""}`;
  let made = formatters.get(key);
  if (!made) {
    made = new Intl.DateTimeFormat("en-US", { ...options, timeZone });
    formatters.set(key, made);
  }
  return made;
}

/**
 * The one way a day is written: "Mar 2, 2026", in the browser's time zone, or in `timeZone` (the
 * server-rendered public pages write UTC, so that the browser's first render writes the same text,
 * decision 138).
 */
export function formatDate(iso: string, timeZone?: string): string {
  return formatter(DATE, timeZone).format(new Date(iso));
}

/** The one way a moment is written: "Mar 2, 2026, 9:05 AM". */
export function formatDateTime(iso: string): string {
  return formatter(DATE_TIME, undefined).format(new Date(iso));
}

/** A month, as a period of time (a chart's month, "member since"): "March 2026", in UTC. */
export function formatMonth(iso: string): string {
  return formatter(MONTH, "UTC").format(new Date(iso));
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
