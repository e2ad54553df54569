import { z } from "zod";
import { declineLeadSchema, leadAccessSchema, leadDetailSchema, leadSummarySchema } from "@/shared/leads";
import { pageQuerySchema } from "@/shared/paging";
import { errorResponses, messageOnlySchema } from "../../http/error-responses";
import { sendArrayPage } from "../../http/paging";
import { currentUser, keeperOf, requireRole, tokenScoped } from "../../http/session";
import type { RoutePlugin } from "../../http/types";
import { leadAccessFor } from "../companies/access";
import { declineMyLead, getMyLead, listMyLeads, viewMyLead } from "./service";

const leadParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

export const leadRoutes: RoutePlugin = async (app, deps) => {
  const providerOnly = { preValidation: requireRole("provider") };

  app.get(
    "/api/leads/access",
    { schema: { tags: ["leads"], response: { 200: leadAccessSchema } }, ...providerOnly },
    async (request) => {
      const { companyId: _c, ...access } = await leadAccessFor(app.db, currentUser(request).id);
      return access;
    },
  );

  // The spec's array, one page of it; the next page's address is in the Link header (decision 104).
  app.get(
    "/api/leads/me",
    {
      schema: { tags: ["leads"], querystring: pageQuerySchema, response: { 200: z.array(leadSummarySchema) } },
      ...tokenScoped("leads:read", "provider"),
    },
    async (request, reply) =>
      sendArrayPage(request, reply, await listMyLeads(app.db, currentUser(request), request.query, keeperOf(request))),
  );

  app.get(
    "/api/leads/:id",
    {
      schema: { tags: ["leads"], params: leadParams, response: { 200: leadDetailSchema } },
      ...tokenScoped("leads:read", "provider"),
    },
    async (request) => getMyLead(app.db, currentUser(request), request.params.id),
  );

  app.post(
    "/api/leads/:id/view",
    { schema: { tags: ["leads"], params: leadParams, response: { 200: leadDetailSchema } }, ...providerOnly },
    async (request) => viewMyLead(app.db, currentUser(request), request.params.id),
  );

  // The provider turns the lead down; the request goes on to the next best provider (decision 132).
  app.post(
    "/api/leads/:id/decline",
    {
      schema: {
        tags: ["leads"],
        params: leadParams,
        body: declineLeadSchema,
        response: {
          200: leadDetailSchema,
          ...errorResponses,
          // This feature's 400 has always been the message alone.
          400: messageOnlySchema,
        },
      },
      ...providerOnly,
    },
    async (request) => declineMyLead(deps, currentUser(request), request.params.id, request.body),
  );
};
