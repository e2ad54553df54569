// What every admin route declares: its "admin" tag, its answer and the error answers the other features
// declare, and that only admins may call it. Each route names only its own inputs and answer.
import type { z } from "zod";
import { errorResponses } from "../../http/error-responses";
import { requireRole } from "../../http/session";

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
