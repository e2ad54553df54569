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
import { currentUser } from "../../http/session";
import type { RoutePlugin } from "../../http/types";
import { countOpenReports, dismissReport, hideMessage, listReports, reportDetail } from "../reports/service";
import { adminListRoute, adminRoute } from "./errors";

export const reportRoutes: RoutePlugin = async (app) => {
  adminListRoute(
    app,
    "/api/admin/message-reports",
    { page: adminReportsPageSchema, query: adminReportsQuerySchema },
    listReports,
  );

  // The Alerts tab's "Reported messages" card.
  app.get("/api/admin/message-reports/count", adminRoute(reportCountSchema), async () => ({
    open: await countOpenReports(app.db),
  }));

  app.get(
    "/api/admin/message-reports/:id",
    adminRoute(adminReportDetailSchema, { params: idParamsSchema }),
    async (request) => reportDetail(app.db, request.params.id),
  );

  app.post(
    "/api/admin/message-reports/:id/dismiss",
    adminRoute(adminReportSchema, {
      params: idParamsSchema,
      // The note is optional, and so is the body.
      body: dismissReportSchema.nullish(),
    }),
    async (request) => dismissReport(app.db, currentUser(request), request.params.id, request.body ?? {}),
  );

  app.post(
    "/api/admin/messages/:id/hide",
    adminRoute(hideMessageResultSchema, { params: messageParamsSchema, body: hideMessageSchema }),
    async (request) => hideMessage(app.db, currentUser(request), request.params.id, request.body.reason),
  );
};
