// Activity log entries (spec section 3): the action, what it was about, the details readable, who
// and when in the spec's relative form.
import type { ActivityEntry } from "@/shared/admin";
import { relativeTime } from "@/web/lib/format";

const humanise = (s: string) => {
  const words = s.replaceAll("_", " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** "oldStatus"/"newStatus" pairs as "status: a → b"; other keys as "key: value"; a plain message as is. */
export function detailLines(details: string | null): string[] {
  if (!details) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(details);
  } catch {
    return [details];
  }
  if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) return [details];
  const record = parsed as Record<string, unknown>;
  const lines: string[] = [];
  const done = new Set<string>();
  for (const key of Object.keys(record)) {
    const m = /^old(.+)$/.exec(key);
    const newKey = m ? `new${m[1]}` : "";
    if (m?.[1] && newKey in record) {
      const name = m[1].charAt(0).toLowerCase() + m[1].slice(1);
      lines.push(`${name}: ${String(record[key])} → ${String(record[newKey])}`);
      done.add(key);
      done.add(newKey);
    }
  }
  for (const [key, value] of Object.entries(record)) {
    if (done.has(key)) continue;
    lines.push(`${key}: ${typeof value === "string" ? value : JSON.stringify(value)}`);
  }
  return lines;
}

export function ActivityList({ entries, now = new Date() }: { entries: ActivityEntry[]; now?: Date }) {
  return (
    <ul className="space-y-2">
      {entries.map((e) => (
        <li key={e.id} className="rounded-lg border border-slate-200 bg-white px-4 py-3" data-testid="activity-entry">
          <p className="flex flex-wrap items-baseline justify-between gap-2">
            <span className="font-medium text-slate-900">
              {humanise(e.action)}{" "}
              <span className="font-normal text-slate-600">
                · {humanise(e.resourceType)} #{e.resourceId}
              </span>
            </span>
            <span className="text-sm text-slate-600">
              {e.admin.firstName} {e.admin.lastName} ·{" "}
              <time dateTime={e.createdAt}>{relativeTime(e.createdAt, now)}</time>
            </span>
          </p>
          {detailLines(e.details).map((line) => (
            <p key={line} className="text-sm text-slate-700 [overflow-wrap:anywhere]">
              {line}
            </p>
          ))}
        </li>
      ))}
    </ul>
  );
}
