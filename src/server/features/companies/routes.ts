import { z } from "zod";
import {
  companyIdParamsSchema,
  companyProfileSchema,
  companySchema,
  pendingProviderSchema,
  rejectProviderSchema,
} from "@/shared/companies";
import { nullIfNoneQuerySchema } from "@/shared/null-if-none";
import {
  caseStudyIdParamsSchema,
  caseStudyInputSchema,
  caseStudySchema,
  publicProfileInputSchema,
  publicProfileSettingsSchema,
} from "@/shared/providers";
import { errorResponses } from "../../http/error-responses";
import { currentUser, requireRole } from "../../http/session";
import type { RoutePlugin } from "../../http/types";
import {
  createCaseStudy,
  deleteCaseStudy,
  getPublicProfileSettings,
  listOwnCaseStudies,
  updateCaseStudy,
  updatePublicProfile,
} from "./profile";
import {
  decideProvider,
  findOwnCompany,
  getOwnCompany,
  listPendingProviders,
  registerCompany,
  updateOwnCompany,
} from "./service";

const errors = errorResponses;

export const companyRoutes: RoutePlugin = async (app, deps) => {
  // Clients register (and become providers); a provider made by an admin may register too. An admin
  // may not: becoming a provider would end the admin role (decision 021).
  app.post(
    "/api/companies",
    {
      schema: { tags: ["companies"], body: companyProfileSchema, response: { 201: companySchema, ...errors } },
      preValidation: requireRole("client", "provider"),
    },
    async (request, reply) => {
      const company = await registerCompany(app.db, currentUser(request), request.body);
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
      const userId = currentUser(request).id;
      return request.query.nullIfNone ? findOwnCompany(app.db, userId) : getOwnCompany(app.db, userId);
    },
  );

  app.put(
    "/api/companies/me",
    {
      schema: { tags: ["companies"], body: companyProfileSchema, response: { 200: companySchema, ...errors } },
      preValidation: requireRole(),
    },
    async (request) => updateOwnCompany(app.db, currentUser(request).id, request.body),
  );

  // The public profile's settings and case studies (issue 17, decision 140): a provider's own, whatever
  // its company's status (a pending company prepares its profile before it is public).
  app.get(
    "/api/companies/me/public-profile",
    {
      schema: { tags: ["companies"], response: { 200: publicProfileSettingsSchema, ...errors } },
      preValidation: requireRole("provider"),
    },
    async (request) => getPublicProfileSettings(app.db, currentUser(request).id),
  );

  app.patch(
    "/api/companies/me/public-profile",
    {
      schema: {
        tags: ["companies"],
        body: publicProfileInputSchema,
        response: { 200: publicProfileSettingsSchema, ...errors },
      },
      preValidation: requireRole("provider"),
    },
    async (request) => updatePublicProfile(app.db, currentUser(request).id, request.body),
  );

  app.get(
    "/api/companies/me/case-studies",
    {
      schema: { tags: ["companies"], response: { 200: z.array(caseStudySchema), ...errors } },
      preValidation: requireRole("provider"),
    },
    async (request) => listOwnCaseStudies(app.db, currentUser(request).id),
  );

  app.post(
    "/api/companies/me/case-studies",
    {
      schema: { tags: ["companies"], body: caseStudyInputSchema, response: { 201: caseStudySchema, ...errors } },
      preValidation: requireRole("provider"),
    },
    async (request, reply) => {
      const created = await createCaseStudy(app.db, currentUser(request).id, request.body);
      return reply.code(201).send(created);
    },
  );

  app.put(
    "/api/companies/me/case-studies/:id",
    {
      schema: {
        tags: ["companies"],
        params: caseStudyIdParamsSchema,
        body: caseStudyInputSchema,
        response: { 200: caseStudySchema, ...errors },
      },
      preValidation: requireRole("provider"),
    },
    async (request) => updateCaseStudy(app.db, currentUser(request).id, request.params.id, request.body),
  );

  app.delete(
    "/api/companies/me/case-studies/:id",
    {
      schema: { tags: ["companies"], params: caseStudyIdParamsSchema },
      preValidation: requireRole("provider"),
    },
    async (request, reply) => {
      await deleteCaseStudy(app.db, currentUser(request).id, request.params.id);
      return reply.code(204).send();
    },
  );

  app.get(
    "/api/admin/pending-providers",
    {
      schema: { tags: ["admin"], response: { 200: z.array(pendingProviderSchema), ...errors } },
      preValidation: requireRole("admin"),
    },
    async () => listPendingProviders(app.db),
  );

  app.patch(
    "/api/admin/providers/:id/approve",
    {
      schema: { tags: ["admin"], params: companyIdParamsSchema, response: { 200: companySchema, ...errors } },
      preValidation: requireRole("admin"),
    },
    async (request) => decideProvider(deps, currentUser(request), request.params.id, { kind: "approve" }),
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
};
