import { z } from "zod";
import {
  inquiryPageSchema,
  inquirySchema,
  vendorApplicationPageSchema,
  vendorApplicationSchema,
} from "@/shared/inquiries";
import { INQUIRY_SOURCES } from "@/shared/inquiry-options";
import { requireRole } from "../../http/session";
import type { RoutePlugin } from "../../http/types";
import * as q from "./queries";
import { submitInquiry, submitVendorApplication } from "./service";

// Honeypot hits and duplicates get the same answer as a stored submission: nothing to learn from it.
const receivedSchema = z.object({ received: z.literal(true) });

const pageQuery = z.object({
  page: z.coerce.number().int().min(1, "page must be 1 or more").default(1),
  pageSize: z.coerce.number().int().min(1).max(100, "pageSize must be at most 100").default(20),
});

const pageOf = <T>(items: T[], total: number, page: number, pageSize: number) => ({
  items,
  total,
  page,
  pageSize,
  totalPages: Math.max(1, Math.ceil(total / pageSize)),
});

export const inquiryRoutes: RoutePlugin = async (app, deps) => {
  // The spec's path: the landing and pre-qualification forms post here.
  app.post(
    "/api/leads",
    { schema: { tags: ["inquiries"], body: inquirySchema, response: { 201: receivedSchema } } },
    async (request, reply) => {
      await submitInquiry(deps, request.body, request.ip);
      return reply.code(201).send({ received: true as const });
    },
  );

  app.post(
    "/api/vendor-applications",
    { schema: { tags: ["inquiries"], body: vendorApplicationSchema, response: { 201: receivedSchema } } },
    async (request, reply) => {
      await submitVendorApplication(deps, request.body, request.ip);
      return reply.code(201).send({ received: true as const });
    },
  );

  app.get(
    "/api/admin/inquiries",
    {
      schema: {
        tags: ["admin"],
        querystring: pageQuery.extend({ source: z.enum(INQUIRY_SOURCES).optional() }),
        response: { 200: inquiryPageSchema },
      },
      preValidation: requireRole("admin"),
    },
    async (request) => {
      const { page, pageSize, source } = request.query;
      const { items, total } = await q.listInquiries(app.db, {
        limit: pageSize,
        offset: (page - 1) * pageSize,
        source,
      });
      return pageOf(
        items.map(({ contentHash: _h, ...row }) => ({ ...row, createdAt: row.createdAt.toISOString() })),
        total,
        page,
        pageSize,
      );
    },
  );

  app.get(
    "/api/admin/vendor-applications",
    {
      schema: { tags: ["admin"], querystring: pageQuery, response: { 200: vendorApplicationPageSchema } },
      preValidation: requireRole("admin"),
    },
    async (request) => {
      const { page, pageSize } = request.query;
      const { items, total } = await q.listVendorApplications(app.db, {
        limit: pageSize,
        offset: (page - 1) * pageSize,
      });
      return pageOf(
        items.map(({ contentHash: _h, ...row }) => ({ ...row, createdAt: row.createdAt.toISOString() })),
        total,
        page,
        pageSize,
      );
    },
  );
};
