import { z } from "zod";
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

const errors = errorResponses;

// The company application and its vetting (POST /api/companies, /api/companies/me, the admin's
// decisions) are the vetting feature's routes (decision 177): they attach documents.
export const companyRoutes: RoutePlugin = async (app) => {
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
};
