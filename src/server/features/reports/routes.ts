// A party's report of a message (decision 134). The admin's side is in admin/reports.ts.
import { messageParamsSchema, reportMessageSchema } from "@/shared/conversations";
import { messageReportCreatedSchema } from "@/shared/reports";
import { errorResponses } from "../../http/error-responses";
import { currentUser, requireRole } from "../../http/session";
import type { RoutePlugin } from "../../http/types";
import { reportMessage } from "./service";

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
          ...errorResponses,
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
