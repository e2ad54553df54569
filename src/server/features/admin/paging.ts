// Keyset pages for the admin lists: newest first by id, the cursor is the last id of the page. An id
// order needs no extra index (the primary key serves it) and, unlike an offset, does not skip or repeat
// rows while new ones arrive between two "Load more" clicks.
import { ADMIN_PAGE_SIZE } from "@/shared/admin";
import { BadRequestError } from "../../errors";

export const BAD_CURSOR = "The cursor is not one this list gave out: reload the list.";

/** The id after which the page starts, or null for the first page. */
export function idCursor(cursor: string | undefined): number | null {
  if (cursor === undefined) return null;
  if (!/^\d{1,10}$/.test(cursor)) throw new BadRequestError(BAD_CURSOR);
  return Number(cursor);
}

export function pageLimit(limit: number | undefined): number {
  return limit ?? ADMIN_PAGE_SIZE;
}

/** Rows fetched with limit + 1: the extra one says whether a next page exists. */
export function toPage<R, T>(rows: R[], limit: number, map: (row: R) => T, idOf: (row: R) => number) {
  const more = rows.length > limit;
  const kept = more ? rows.slice(0, limit) : rows;
  const last = kept.at(-1);
  return { items: kept.map(map), nextCursor: more && last !== undefined ? String(idOf(last)) : null };
}

/** A LIKE pattern that finds the text anywhere, with the text's own % and _ taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
