import { isIPv4, isIPv6 } from "node:net";
import { lt, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { rateLimits } from "../db/schema/rate-limits";
import { TooManyRequestsError } from "../errors";

export type RateLimit = { name: string; max: number; windowMs: number; message: string };

/**
 * Counts a hit for `subject` (an address, say) in the fixed window of the app's clock that holds `at`,
 * in one upsert, and throws 429 once the window's allowance is spent. Old windows are swept now and then.
 */
export async function hitRateLimit(db: Db, limit: RateLimit, subject: string, at: Date): Promise<void> {
  const now = at.getTime();
  const windowStart = new Date(Math.floor(now / limit.windowMs) * limit.windowMs);
  const [row] = await db
    .insert(rateLimits)
    .values({ key: `${limit.name}:${subject}`, windowStart, hits: 1 })
    .onConflictDoUpdate({
      target: [rateLimits.key, rateLimits.windowStart],
      set: { hits: sql`${rateLimits.hits} + 1` },
    })
    .returning({ hits: rateLimits.hits });
  if (Math.random() < 0.01) {
    await db.delete(rateLimits).where(lt(rateLimits.windowStart, new Date(now - 24 * 60 * 60 * 1000)));
  }
  if ((row?.hits ?? 0) > limit.max) {
    const retryAfter = Math.ceil((windowStart.getTime() + limit.windowMs - now) / 1000);
    throw new TooManyRequestsError(limit.message, Math.max(1, retryAfter));
  }
}

/**
 * The network an address is counted under: an IPv4 address itself (also when written as an
 * IPv4-mapped IPv6 address), and for IPv6 its /64, the block one customer usually holds, so that
 * rotating through one's own addresses does not escape the limit.
 */
export function rateLimitSubject(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1] && isIPv4(mapped[1])) return mapped[1];
  if (!isIPv6(address)) return address;
  const [head = "", tail = ""] = address.split("%")[0]?.split("::") ?? [];
  const left = head ? head.split(":") : [];
  const right = address.includes("::") && tail ? tail.split(":") : [];
  const groups = address.includes("::")
    ? [...left, ...Array(8 - left.length - right.length).fill("0"), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.toLowerCase().replace(/^0+(?=.)/, ""))
    .join(":")}::/64`;
}
