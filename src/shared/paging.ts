// Keyset pages: every list that grows with use answers one page, newest first, and says where the next
// one starts (decision 104). The admin lists answer { items, nextCursor }; the spec's own lists
// (`/api/quote-requests/me`, `/api/leads/me`, `/api/quotes/me`) stay the arrays the spec's client
// reads and name the next page in a `Link: <…>; rel="next"` header (RFC 8288).
import { z } from "zod";

/** Rows per page unless the caller asks for another size; the admin's Activity tab shows 20 (spec section 9). */
export const PAGE_SIZE = 20;
export const PAGE_SIZE_MAX = 100;

/** An opaque cursor: what the previous page answered as its next one. */
const cursorSchema = z.string().trim().min(1).max(100, "The cursor is not one this list gave out.");
const limitSchema = z.coerce
  .number({ message: "limit must be a number." })
  .int("limit must be a whole number.")
  .min(1, "limit must be at least 1.")
  .max(PAGE_SIZE_MAX, `limit must be at most ${PAGE_SIZE_MAX}.`);

export const pageQuerySchema = z.object({ cursor: cursorSchema.optional(), limit: limitSchema.optional() });
export type PageQuery = z.infer<typeof pageQuerySchema>;

/** A numbered page of an offset-paged admin list (the outbox, failed jobs): 1 unless given. */
export const pageNumberSchema = z.coerce
  .number({ error: "must be a page number (1 or more)" })
  .int("must be a page number (1 or more)")
  .min(1, "must be a page number (1 or more)")
  .max(100_000, "must be a page number (1 or more)")
  .default(1);

/** One page of a keyset list: its items and the cursor of the next page, null on the last. */
export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), nextCursor: z.string().nullable() });
}

/** One numbered page of an offset-paged admin list (failed jobs, the public forms): its items and where it stands. */
export function numberedPageOf<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    page: z.number().int(),
    pageSize: z.number().int(),
    total: z.number().int(),
  });
}

/** A query or body field that takes one of a fixed set, answering "status must be one of a, b, c." otherwise. */
export const oneOf = <const T extends readonly [string, ...string[]]>(field: string, values: T) =>
  z.enum(values, { message: `${field} must be one of ${values.join(", ")}.` });
