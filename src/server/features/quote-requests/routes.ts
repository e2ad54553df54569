import { z } from "zod";
import { attachFilesSchema, fileListSchema } from "@/shared/files";
import { IDEMPOTENT_REPLAYED_HEADER, idempotencyHeadersSchema } from "@/shared/idempotency";
import {
  createQuoteRequestSchema,
  myQuoteRequestsQuerySchema,
  quoteRequestDetailSchema,
  quoteRequestIdParamsSchema,
  quoteRequestSummaryCountsSchema,
  quoteRequestSummarySchema,
} from "@/shared/quote-requests";
import { errorResponses } from "../../http/error-responses";
import { sendJsonPage } from "../../http/paging";
import { currentUser, keeperOf, requireRole } from "../../http/session";
import type { RoutePlugin } from "../../http/types";
import {
  addRequestFiles,
  cancelQuoteRequest,
  getQuoteRequest,
  listClientQuoteRequests,
  submitQuoteRequestOnce,
  summariseClientQuoteRequests,
} from "./service";

const tags = ["quote-requests"];

// Roles are checked before the body is validated (preValidation), so that a caller who may not use
// a route learns nothing from its validation messages (decision 014).
export const quoteRequestRoutes: RoutePlugin = async (app, deps) => {
  // An optional Idempotency-Key makes a retry answer the request already made (decision 110).
  app.post(
    "/api/quote-requests",
    {
      schema: {
        tags,
        headers: idempotencyHeadersSchema,
        body: createQuoteRequestSchema,
        response: { 201: quoteRequestDetailSchema },
      },
      preValidation: requireRole("client"),
    },
    async (request, reply) => {
      const key = request.headers["idempotency-key"];
      const { request: created, replayed } = await submitQuoteRequestOnce(
        deps,
        currentUser(request),
        request.body,
        key,
      );
      if (replayed) reply.header(IDEMPOTENT_REPLAYED_HEADER, "true");
      return reply.code(201).send(created);
    },
  );

  // The spec's array, one page of it; the next page's address is in the Link header (decision 104).
  app.get(
    "/api/quote-requests/me",
    {
      schema: { tags, querystring: myQuoteRequestsQuerySchema, response: { 200: z.array(quoteRequestSummarySchema) } },
      preValidation: requireRole("client"),
    },
    async (request, reply) =>
      sendJsonPage(
        request,
        reply,
        await listClientQuoteRequests(app.db, currentUser(request), request.query, keeperOf(request)),
      ),
  );

  app.get(
    "/api/quote-requests/me/summary",
    { schema: { tags, response: { 200: quoteRequestSummaryCountsSchema } }, preValidation: requireRole("client") },
    async (request) => summariseClientQuoteRequests(app.db, currentUser(request).id),
  );

  app.get(
    "/api/quote-requests/:id",
    {
      schema: { tags, params: quoteRequestIdParamsSchema, response: { 200: quoteRequestDetailSchema } },
      // Any signed-in user; canReadQuoteRequest decides, and answers 404 for what the caller may not read.
      preValidation: requireRole(),
    },
    async (request) => getQuoteRequest(app.db, currentUser(request), request.params.id),
  );

  app.post(
    "/api/quote-requests/:id/cancel",
    {
      schema: { tags, params: quoteRequestIdParamsSchema, response: { 200: quoteRequestDetailSchema } },
      preValidation: requireRole("client"),
    },
    async (request) => cancelQuoteRequest(deps, currentUser(request), request.params.id),
  );

  // Process documents added after sending (decision 176): uploads of the client's, by their ids.
  app.post(
    "/api/quote-requests/:id/files",
    {
      schema: {
        tags,
        params: quoteRequestIdParamsSchema,
        body: attachFilesSchema,
        response: { 200: fileListSchema, ...errorResponses },
      },
      preValidation: requireRole("client"),
    },
    async (request) => addRequestFiles(deps, currentUser(request), request.params.id, request.body.fileIds),
  );
};
