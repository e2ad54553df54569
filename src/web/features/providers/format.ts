// How the public pages write figures and dates. Dates are written in UTC: the server renders these
// pages (decision 138) and the browser's first render must write the same text, whatever its time zone.
import { countOf, formatDate, formatMonth } from "@/web/lib/format";

const MINUTES_PER_HOUR = 60;
const MINUTES_PER_DAY = 24 * MINUTES_PER_HOUR;

/** A median response time in words: "within 45 minutes", "within 3 hours", "within 2 days"; null: "No answers yet". */
export function responseTimeInWords(minutes: number | null): string {
  if (minutes === null) return "No answers yet";
  if (minutes < MINUTES_PER_HOUR) return `within ${countOf(Math.max(1, Math.ceil(minutes)), "minute")}`;
  if (minutes < 2 * MINUTES_PER_DAY) return `within ${countOf(Math.ceil(minutes / MINUTES_PER_HOUR), "hour")}`;
  return `within ${countOf(Math.ceil(minutes / MINUTES_PER_DAY), "day")}`;
}

/** "March 2026" */
export function formatMonthYear(iso: string): string {
  return formatMonth(iso);
}

/** "Mar 2, 2026", in UTC */
export function formatDay(iso: string): string {
  return formatDate(iso, "UTC");
}
