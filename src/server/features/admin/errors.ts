// What every admin route declares: its "admin" tag, its answer and the error answers the other features
// declare, and that only admins may call it. Each route names only its own inputs and answer.
import type { FastifyTypeProviderDefault } from "fastify";
import type { z } from "zod";
import type { Db } from "../../db/client";
import { errorResponses } from "../../http/error-responses";
import { requireRole } from "../../http/session";
import type { RoutePlugin } from "../../http/types";

type RouteInputs = { params?: z.ZodType; querystring?: z.ZodType; body?: z.ZodType };

/** The options of an admin-only route answering `ok` (200), with its inputs' schemas. */
export function adminRoute<Ok extends z.ZodType, Inputs extends RouteInputs = Record<never, never>>(
  ok: Ok,
  inputs?: Inputs,
) {
  return {
    schema: { tags: ["admin"], ...(inputs as Inputs), response: { 200: ok, ...errorResponses } },
    preValidation: requireRole("admin"),
  };
}

type RouteApp = Parameters<RoutePlugin>[0];

/**
 * An admin list (a tab of the portal): GET `path`, its filters and paging in the query string, answering
 * the page `list` reads from the app's database.
 */
export function adminListRoute<Page extends z.ZodType, Query extends z.ZodType>(
  app: RouteApp,
  path: string,
  schemas: { page: Page; query: Query },
  list: (db: Db, query: z.output<Query>) => Promise<z.input<Page>>,
) {
  // The schemas still validate the query and shape the answer at run time; only the compiler's view of
  // them is plain here, since it cannot resolve a reply type through a generic schema.
  app
    .withTypeProvider<FastifyTypeProviderDefault>()
    .get(path, adminRoute(schemas.page, { querystring: schemas.query }), async (request) =>
      list(app.db, request.query as z.output<Query>),
    );
}
