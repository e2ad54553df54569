import { adminRequestsExportQuerySchema, adminUsersExportQuerySchema, EXPORT_PATHS } from "@/shared/exports";
import { errorResponses } from "../../http/error-responses";
import { currentUser, tokenScoped } from "../../http/session";
import type { RoutePlugin } from "../../http/types";
import { sendCsv } from "./csv";
import { exportMyLeads, exportMyQuotes, exportRequests, exportUsers } from "./service";

// A CSV answer has no JSON schema: only the errors are declared, as the lists declare them.
const schema = { tags: ["exports"], response: errorResponses };
// No HEAD twin: Fastify's would read the whole file on the server to answer with its headers only.
const noHead = { exposeHeadRoute: false };

// Each export is its list's rows: the same role, the same API token scope, the same filters.
export const exportRoutes: RoutePlugin = async (app, deps) => {
  const provider = { ...noHead, ...tokenScoped("leads:read", "provider") };
  const admin = { ...noHead, ...tokenScoped("admin:read", "admin") };

  app.get(EXPORT_PATHS.leads, { schema, ...provider }, async (request, reply) =>
    sendCsv(reply, "leads", deps.now(), await exportMyLeads(deps, currentUser(request))),
  );

  app.get(EXPORT_PATHS.quotes, { schema, ...provider }, async (request, reply) =>
    sendCsv(reply, "quotes", deps.now(), await exportMyQuotes(deps, currentUser(request))),
  );

  app.get(
    EXPORT_PATHS.adminRequests,
    { schema: { ...schema, querystring: adminRequestsExportQuerySchema }, ...admin },
    async (request, reply) => sendCsv(reply, "requests", deps.now(), await exportRequests(deps, request.query)),
  );

  app.get(
    EXPORT_PATHS.adminUsers,
    { schema: { ...schema, querystring: adminUsersExportQuerySchema }, ...admin },
    async (request, reply) => sendCsv(reply, "users", deps.now(), await exportUsers(app.db, request.query)),
  );
};
