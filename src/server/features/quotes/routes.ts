import { z } from "zod";
import { pageQuerySchema } from "@/shared/paging";
import { quoteRequestIdParamsSchema } from "@/shared/quote-requests";
import {
  clientQuoteSchema,
  leadQuoteSchema,
  providerAnalyticsSchema,
  quoteIdParamsSchema,
  quoteInputSchema,
  quoteSchema,
} from "@/shared/quotes";
import { errorResponses, messageOnlySchema } from "../../http/error-responses";
import { sendArrayPage } from "../../http/paging";
import { currentUser, requireRole, tokenScoped } from "../../http/session";
import type { RoutePlugin } from "../../http/types";
import {
  acceptQuote,
  declineQuote,
  getLeadQuote,
  listMyQuotes,
  listRequestQuotes,
  providerAnalytics,
  sendQuote,
  updateQuote,
  withdrawQuote,
} from "./service";

const tags = ["quotes"];
// The shared error answers, with the 400 this feature has always given: its message alone.
const errors = { ...errorResponses, 400: messageOnlySchema };

export const quoteRoutes: RoutePlugin = async (app, deps) => {
  // Roles first (preValidation): a caller who may not use a route learns nothing from its validation.
  const provider = { preValidation: requireRole("provider") };
  const client = { preValidation: requireRole("client") };

  app.get(
    "/api/leads/:id/quote",
    {
      schema: { tags, params: quoteIdParamsSchema, response: { 200: leadQuoteSchema, ...errors } },
      ...tokenScoped("leads:read", "provider"),
    },
    async (request) => getLeadQuote(app.db, currentUser(request), request.params.id),
  );

  app.post(
    "/api/leads/:id/quote",
    {
      schema: { tags, params: quoteIdParamsSchema, body: quoteInputSchema, response: { 201: quoteSchema, ...errors } },
      ...tokenScoped("quotes:write", "provider"),
    },
    async (request, reply) =>
      reply.code(201).send(await sendQuote(deps, currentUser(request), request.params.id, request.body)),
  );

  app.put(
    "/api/quotes/:id",
    {
      schema: { tags, params: quoteIdParamsSchema, body: quoteInputSchema, response: { 200: quoteSchema, ...errors } },
      ...tokenScoped("quotes:write", "provider"),
    },
    async (request) => updateQuote(deps, currentUser(request), request.params.id, request.body),
  );

  app.post(
    "/api/quotes/:id/withdraw",
    {
      schema: { tags, params: quoteIdParamsSchema, response: { 200: quoteSchema, ...errors } },
      ...tokenScoped("quotes:write", "provider"),
    },
    async (request) => withdrawQuote(app.db, currentUser(request), request.params.id),
  );

  // The spec's array, one page of it; the next page's address is in the Link header (decision 104).
  app.get(
    "/api/quotes/me",
    {
      schema: {
        tags,
        querystring: pageQuerySchema,
        response: { 200: z.array(quoteSchema.extend({ title: z.string() })), ...errors },
      },
      ...tokenScoped("leads:read", "provider"),
    },
    async (request, reply) =>
      sendArrayPage(request, reply, await listMyQuotes(app.db, currentUser(request), request.query)),
  );

  app.get(
    "/api/analytics/me",
    { schema: { tags, response: { 200: providerAnalyticsSchema, ...errors } }, ...provider },
    async (request) => providerAnalytics(deps, currentUser(request)),
  );

  app.get(
    "/api/quote-requests/:id/quotes",
    {
      schema: { tags, params: quoteRequestIdParamsSchema, response: { 200: z.array(clientQuoteSchema), ...errors } },
      ...client,
    },
    async (request) => listRequestQuotes(app.db, currentUser(request), request.params.id),
  );

  app.post(
    "/api/quotes/:id/accept",
    { schema: { tags, params: quoteIdParamsSchema, response: { 200: quoteSchema, ...errors } }, ...client },
    async (request) => acceptQuote(deps, currentUser(request), request.params.id),
  );

  app.post(
    "/api/quotes/:id/decline",
    { schema: { tags, params: quoteIdParamsSchema, response: { 200: quoteSchema, ...errors } }, ...client },
    async (request) => declineQuote(deps, currentUser(request), request.params.id),
  );
};
