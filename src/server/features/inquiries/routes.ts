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

const receivedSchema = z.object({ received: z.literal(true) });

const pageQuery = z.object({
  page: z.coerce.number().int().min(1, "page must be 1 or more").default(1),
  pageSize: z.coerce.number().int().min(1).max(100, "pageSize must be at most 100").default(20),
});

type PageQuery = z.infer<typeof pageQuery>;

/** A page of a public form's submissions as the admin reads it: without the content hash. */
async function submissionsPage<R extends { contentHash: string; createdAt: Date }>(
  { page, pageSize }: PageQuery,
  list: (page: { limit: number; offset: number }) => Promise<{ rows: R[]; total: number }>,
) {
  const { rows, total } = await list({ limit: pageSize, offset: (page - 1) * pageSize });
  return {
    items: rows.map(({ contentHash: _h, ...row }) => ({ ...row, createdAt: row.createdAt.toISOString() })),
    total,
    page,
    pageSize,
    totalPages: Math.max(1, Math.ceil(total / pageSize)),
  };
}

export const inquiryRoutes: RoutePlugin = async (app, deps) => {
  // Honeypot hits and duplicates get the same answer as a stored submission: nothing to learn from it.
  function publicForm<S extends z.ZodType>(
    url: string,
    body: S,
    submit: (d: typeof deps, input: z.output<S>, ip: string) => Promise<unknown>,
  ) {
    app.post(
      url,
      { schema: { tags: ["inquiries"], body, response: { 201: receivedSchema } } },
      async (request, reply) => {
        // The route validated the body with `body`; the type provider cannot name a generic schema's output.
        await submit(deps, request.body as z.output<S>, request.ip);
        return reply.code(201).send({ received: true as const });
      },
    );
  }
  // The spec's path: the landing and pre-qualification forms post here.
  publicForm("/api/leads", inquirySchema, submitInquiry);
  publicForm("/api/vendor-applications", vendorApplicationSchema, submitVendorApplication);

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
    async (request) =>
      submissionsPage(request.query, (page) => q.listInquiries(app.db, { ...page, source: request.query.source })),
  );

  app.get(
    "/api/admin/vendor-applications",
    {
      schema: { tags: ["admin"], querystring: pageQuery, response: { 200: vendorApplicationPageSchema } },
      preValidation: requireRole("admin"),
    },
    async (request) => submissionsPage(request.query, (page) => q.listVendorApplications(app.db, page)),
  );
};
