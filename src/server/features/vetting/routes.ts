// The company application and its vetting (spec sections 3 and 7; decision 177): registration and the
// owner's edits, each with optional verification documents, and the admins' three decisions. The spec's
// calls keep their bodies; `documents`, `verifiedDocuments` and request-changes are additions.
import { z } from "zod";
import {
  companyIdParamsSchema,
  companyProfileSchema,
  companySchema,
  pendingProviderSchema,
  rejectProviderSchema,
} from "@/shared/companies";
import { nullIfNoneQuerySchema } from "@/shared/null-if-none";
import { approveProviderSchema, requestChangesSchema } from "@/shared/vetting";
import { NotFoundError } from "../../errors";
import { errorResponses } from "../../http/error-responses";
import { currentUser, requireRole } from "../../http/session";
import type { RoutePlugin } from "../../http/types";
import { decideProvider, NO_COMPANY_MESSAGE } from "../companies/service";
import {
  applyForCompany,
  approveApplication,
  editOwnApplication,
  findOwnApplication,
  listPendingApplications,
  requestChanges,
} from "./service";

const errors = errorResponses;

export const vettingRoutes: RoutePlugin = async (app, deps) => {
  // Clients register (and become providers); a provider made by an admin may register too. An admin
  // may not: becoming a provider would end the admin role (decision 021).
  app.post(
    "/api/companies",
    {
      schema: { tags: ["companies"], body: companyProfileSchema, response: { 201: companySchema, ...errors } },
      preValidation: requireRole("client", "provider"),
    },
    async (request, reply) => {
      const company = await applyForCompany(deps, currentUser(request), request.body);
      return reply.code(201).send(company);
    },
  );

  // Any signed-in user (404: no company yet). With ?nullIfNone=1, no company is 200 with null: the app
  // asks so for a provider an admin made, who has none yet (decision 154).
  app.get(
    "/api/companies/me",
    {
      schema: {
        tags: ["companies"],
        querystring: nullIfNoneQuerySchema,
        response: { 200: companySchema.nullable(), ...errors },
      },
      preValidation: requireRole(),
    },
    async (request) => {
      const company = await findOwnApplication(app.db, currentUser(request).id);
      if (!company && !request.query.nullIfNone) throw new NotFoundError(NO_COMPANY_MESSAGE);
      return company;
    },
  );

  app.put(
    "/api/companies/me",
    {
      schema: { tags: ["companies"], body: companyProfileSchema, response: { 200: companySchema, ...errors } },
      preValidation: requireRole(),
    },
    async (request) => editOwnApplication(deps, currentUser(request), request.body),
  );

  app.get(
    "/api/admin/pending-providers",
    {
      schema: { tags: ["admin"], response: { 200: z.array(pendingProviderSchema), ...errors } },
      preValidation: requireRole("admin"),
    },
    async () => listPendingApplications(app.db),
  );

  app.patch(
    "/api/admin/providers/:id/approve",
    {
      schema: {
        tags: ["admin"],
        params: companyIdParamsSchema,
        body: approveProviderSchema,
        response: { 200: companySchema, ...errors },
      },
      preValidation: requireRole("admin"),
    },
    async (request) =>
      approveApplication(deps, currentUser(request), request.params.id, request.body?.verifiedDocuments),
  );

  app.patch(
    "/api/admin/providers/:id/reject",
    {
      schema: {
        tags: ["admin"],
        params: companyIdParamsSchema,
        body: rejectProviderSchema,
        response: { 200: companySchema, ...errors },
      },
      preValidation: requireRole("admin"),
    },
    async (request) =>
      decideProvider(deps, currentUser(request), request.params.id, { kind: "reject", reason: request.body?.reason }),
  );

  app.patch(
    "/api/admin/providers/:id/request-changes",
    {
      schema: {
        tags: ["admin"],
        description:
          "Sends a pending application back to its provider with a note (decision 177); the provider's edit resubmits it.",
        params: companyIdParamsSchema,
        body: requestChangesSchema,
        response: { 200: companySchema, ...errors },
      },
      preValidation: requireRole("admin"),
    },
    async (request) => requestChanges(deps, currentUser(request), request.params.id, request.body.note),
  );
};
