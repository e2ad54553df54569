// A party's report of a message (decision 134). The admin's side is in admin/reports.ts.
import { z } from "zod";
import { messageParamsSchema, reportMessageSchema } from "@/shared/conversations";
import { messageReportCreatedSchema } from "@/shared/reports";
import { currentUser, requireRole } from "../../http/session";
import type { RoutePlugin } from "../../http/types";
import { reportMessage } from "./service";

const messageSchema = z.object({ message: z.string() });

export const reportRoutes: RoutePlugin = async (app) => {
  app.post(
    "/api/messages/:id/report",
    {
      schema: {
        tags: ["conversations"],
        params: messageParamsSchema,
        body: reportMessageSchema,
        response: {
          201: messageReportCreatedSchema,
          400: messageSchema.extend({
            issues: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
          }),
          401: messageSchema,
          403: messageSchema,
          404: messageSchema,
          409: messageSchema,
        },
      },
      preValidation: requireRole("client", "provider"),
    },
    async (request, reply) => {
      const created = await reportMessage(app.db, currentUser(request), request.params.id, request.body);
      return reply.code(201).send(created);
    },
  );
};
