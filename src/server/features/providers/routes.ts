// The public directory and profiles (issue 17, decision 137): no session needed. Answers are the same
// for everyone and may be kept a minute by any cache; the one exception, the owner's preview of a
// profile that is not public, is only ever read with a session, whose answers no shared cache keeps.
import type { FastifyRequest } from "fastify";
import { pageQuerySchema } from "@/shared/paging";
import {
  directoryPageSchema,
  directoryQuerySchema,
  providerProfileSchema,
  reviewPageSchema,
  slugParamsSchema,
} from "@/shared/providers";
import { badRequestSchema, messageOnlySchema } from "../../http/error-responses";
import { loadUser, SESSION_COOKIE } from "../../http/session";
import type { RoutePlugin } from "../../http/types";
import { getProfile, listDirectory, listProfileReviews, type Viewer } from "./service";

const errors = { 400: badRequestSchema, 404: messageOnlySchema };

export const PUBLIC_CACHE = "public, max-age=60";
export const SESSION_CACHE = "private, no-store";

/** The signed-in reader, looked up only when a profile is not public and the request has a session. */
const viewerOf =
  (request: FastifyRequest): Viewer =>
  () =>
    request.cookies[SESSION_COOKIE] ? loadUser(request) : Promise.resolve(null);

export const providerRoutes: RoutePlugin = async (app) => {
  // A success is cacheable; an error is not (the security headers' hook already said no-store). A
  // profile read with a session may be the owner's preview: never kept by a shared cache.
  app.addHook("onSend", async (request, reply, payload) => {
    if (reply.statusCode < 400) {
      const personal = request.routeOptions.url !== "/api/providers" && request.cookies[SESSION_COOKIE] !== undefined;
      reply.header("cache-control", personal ? SESSION_CACHE : PUBLIC_CACHE);
    }
    return payload;
  });

  app.get(
    "/api/providers",
    {
      schema: {
        tags: ["providers"],
        querystring: directoryQuerySchema,
        response: { 200: directoryPageSchema, ...errors },
      },
    },
    async (request) => listDirectory(app.db, request.query),
  );

  app.get(
    "/api/providers/:slug",
    {
      schema: {
        tags: ["providers"],
        params: slugParamsSchema,
        response: { 200: providerProfileSchema, ...errors },
      },
    },
    async (request) => getProfile(app.db, request.params.slug, viewerOf(request)),
  );

  app.get(
    "/api/providers/:slug/reviews",
    {
      schema: {
        tags: ["providers"],
        params: slugParamsSchema,
        querystring: pageQuerySchema.pick({ cursor: true }),
        response: { 200: reviewPageSchema, ...errors },
      },
    },
    async (request) => listProfileReviews(app.db, request.params.slug, request.query.cursor, viewerOf(request)),
  );
};
