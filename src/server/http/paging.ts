// Keyset pages for every list that grows with use (decision 104): newest first, the cursor is the last
// row's id. Unlike an offset, a keyset does not skip or repeat rows while new ones arrive between two
// "Load more" clicks, and each page costs the same however deep it is.

import { type AnyColumn, ilike, lt, or, type SQL, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { FastifyReply, FastifyRequest } from "fastify";
import { PAGE_SIZE } from "@/shared/paging";
import type { JsonPage } from "../db/json-page";
import { BadRequestError } from "../errors";

export const BAD_CURSOR = "The cursor is not one this list gave out: reload the list.";

/** The id after which the page starts, or null for the first page. */
export function idCursor(cursor: string | undefined): number | null {
  if (cursor === undefined) return null;
  // Ids are PostgreSQL integers: a larger number names no row, and would fail the query's cast.
  if (!/^\d{1,10}$/.test(cursor) || Number(cursor) > 2_147_483_647) throw new BadRequestError(BAD_CURSOR);
  return Number(cursor);
}

export function pageLimit(limit: number | undefined): number {
  return limit ?? PAGE_SIZE;
}

/** Rows fetched with limit + 1: the extra one says whether a next page exists. */
export function toPage<R, T>(rows: R[], limit: number, map: (row: R) => T, idOf: (row: R) => number) {
  const more = rows.length > limit;
  const kept = more ? rows.slice(0, limit) : rows;
  const last = kept.at(-1);
  return { items: kept.map(map), nextCursor: more && last !== undefined ? String(idOf(last)) : null };
}

/**
 * Rows after the cursor's row in "created_at desc, id desc" order: the cursor row's own values are read
 * in the same statement, so timestamps are compared exactly (microseconds and all). A cursor naming no
 * row gives an empty page.
 */
export function createdBefore(
  table: PgTable,
  columns: { createdAt: AnyColumn; id: AnyColumn },
  after: number | null,
): SQL | undefined {
  if (after === null) return undefined;
  return sql`(${columns.createdAt}, ${columns.id}) < (select c.created_at, c.id from ${table} c where c.id = ${after})`;
}

/**
 * An array page of the spec's lists: the items are the body, as the spec's client reads them, and the
 * next page is named in a Link header (RFC 8288), the request's own address with its cursor.
 */
export function sendArrayPage<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  page: { items: T[]; nextCursor: string | null },
): T[] {
  linkNextPage(request, reply, page.nextCursor);
  return page.items;
}

/** The same, for a page the database wrote as the answer's JSON (decision 182): sent as it is. */
export function sendJsonPage(request: FastifyRequest, reply: FastifyReply, page: JsonPage): FastifyReply {
  linkNextPage(request, reply, page.nextId === null ? null : String(page.nextId));
  return reply.type("application/json; charset=utf-8").send(page.items);
}

function linkNextPage(request: FastifyRequest, reply: FastifyReply, cursor: string | null): void {
  if (cursor === null) return;
  const url = new URL(request.url, "http://local");
  url.searchParams.set("cursor", cursor);
  reply.header("link", `<${url.pathname}${url.search}>; rel="next"`);
}

/** A LIKE pattern that finds the text anywhere, with the text's own % and _ taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The conditions of a searchable list's page, newest first by `id`: the rows before the cursor's, and
 * with a search text `q` the rows where one of `columns` contains it, case aside. An undefined one is
 * no condition (drizzle's `and` leaves it out).
 */
export function keysetSearch(
  id: AnyColumn,
  after: number | null,
  q: string | undefined,
  columns: (AnyColumn | SQL)[],
): (SQL | undefined)[] {
  const pattern = q ? containsPattern(q) : undefined;
  return [
    after === null ? undefined : lt(id, after),
    pattern === undefined ? undefined : or(...columns.map((column) => ilike(column, pattern))),
  ];
}
