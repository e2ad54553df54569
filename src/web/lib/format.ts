// Dates and durations as every page writes them (US English, like the rest of the texts).

/** "Mar 2, 2026" */
export function formatDate(iso: string): string {
  return new Date(iso).toLocaleDateString("en-US", { year: "numeric", month: "short", day: "numeric" });
}

/** "March 2, 2026"; empty when there is no date. */
export function formatLongDate(iso: string | null): string {
  if (!iso) return "";
  return new Date(iso).toLocaleDateString("en-US", { month: "long", day: "numeric", year: "numeric" });
}

/** "Mar 2, 2026, 9:05 AM" */
export function formatDateTime(iso: string): string {
  return new Date(iso).toLocaleString("en-US", {
    year: "numeric",
    month: "short",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
  });
}

/** "1 hour", "1,248 hours" */
export function formatHours(hours: number): string {
  return `${hours.toLocaleString("en-US")} ${hours === 1 ? "hour" : "hours"}`;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY_MS = 24 * HOUR;

/** Spec section 9: 'Just now' under a minute, then minutes under 60, hours under 24, then a date. */
export function relativeTime(iso: string, now: Date = new Date()): string {
  const ago = now.getTime() - new Date(iso).getTime();
  if (ago < MINUTE) return "Just now";
  if (ago < HOUR) {
    const m = Math.floor(ago / MINUTE);
    return `${m} ${m === 1 ? "minute" : "minutes"} ago`;
  }
  if (ago < DAY_MS) {
    const h = Math.floor(ago / HOUR);
    return `${h} ${h === 1 ? "hour" : "hours"} ago`;
  }
  return formatDate(iso);
}
