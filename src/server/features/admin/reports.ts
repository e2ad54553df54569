// Reported messages (issue 16, decision 134): the reports, newest first, each with its thread; hiding
// a message and dismissing a report. Suspending the author is in users.ts. The rules live in the
// reports feature's service; every route here is admin-only.

import { idParamsSchema } from "@/shared/admin";
import { messageParamsSchema } from "@/shared/conversations";
import {
  adminReportDetailSchema,
  adminReportSchema,
  adminReportsPageSchema,
  adminReportsQuerySchema,
  dismissReportSchema,
  hideMessageResultSchema,
  hideMessageSchema,
  reportCountSchema,
} from "@/shared/reports";
import { currentUser, requireRole } from "../../http/session";
import type { RoutePlugin } from "../../http/types";
import { countOpenReports, dismissReport, hideMessage, listReports, reportDetail } from "../reports/service";
import { adminErrors } from "./errors";

export const reportRoutes: RoutePlugin = async (app) => {
  app.get(
    "/api/admin/message-reports",
    {
      schema: {
        tags: ["admin"],
        querystring: adminReportsQuerySchema,
        response: { 200: adminReportsPageSchema, ...adminErrors },
      },
      preValidation: requireRole("admin"),
    },
    async (request) => listReports(app.db, request.query),
  );

  // The Alerts tab's "Reported messages" card.
  app.get(
    "/api/admin/message-reports/count",
    {
      schema: { tags: ["admin"], response: { 200: reportCountSchema, ...adminErrors } },
      preValidation: requireRole("admin"),
    },
    async () => ({ open: await countOpenReports(app.db) }),
  );

  app.get(
    "/api/admin/message-reports/:id",
    {
      schema: { tags: ["admin"], params: idParamsSchema, response: { 200: adminReportDetailSchema, ...adminErrors } },
      preValidation: requireRole("admin"),
    },
    async (request) => reportDetail(app.db, request.params.id),
  );

  app.post(
    "/api/admin/message-reports/:id/dismiss",
    {
      schema: {
        tags: ["admin"],
        params: idParamsSchema,
        // The note is optional, and so is the body.
        body: dismissReportSchema.nullish(),
        response: { 200: adminReportSchema, ...adminErrors },
      },
      preValidation: requireRole("admin"),
    },
    async (request) => dismissReport(app.db, currentUser(request), request.params.id, request.body ?? {}),
  );

  app.post(
    "/api/admin/messages/:id/hide",
    {
      schema: {
        tags: ["admin"],
        params: messageParamsSchema,
        body: hideMessageSchema,
        response: { 200: hideMessageResultSchema, ...adminErrors },
      },
      preValidation: requireRole("admin"),
    },
    async (request) => hideMessage(app.db, currentUser(request), request.params.id, request.body.reason),
  );
};
