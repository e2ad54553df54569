import { deleteAccountSchema } from "@/shared/account";
import { rateLimitSubject } from "../../http/rate-limit";
import { clearSessionCookie, currentUser, requireRole, SESSION_COOKIE } from "../../http/session";
import type { RoutePlugin } from "../../http/types";
import { deleteAccount, exportAccount } from "./service";

// Every role has its data: any signed-in user, and only the caller's own account (no id in the path).
export const accountRoutes: RoutePlugin = async (app, deps) => {
  app.get(
    "/api/account/export",
    { schema: { tags: ["account"] }, preValidation: requireRole() },
    async (request, reply) => {
      const now = deps.now();
      const token = request.cookies[SESSION_COOKIE] ?? "";
      const data = await exportAccount(app.db, currentUser(request), token, now, deps.sessionIdleMs);
      const day = now.toISOString().slice(0, 10);
      return reply
        .header("Cache-Control", "no-store")
        .header("Content-Disposition", `attachment; filename="automatch-my-data-${day}.json"`)
        .type("application/json; charset=utf-8")
        .send(JSON.stringify(data, null, 2));
    },
  );

  app.post(
    "/api/account/delete",
    {
      schema: { tags: ["account"], body: deleteAccountSchema },
      preValidation: requireRole(),
    },
    async (request, reply) => {
      const user = currentUser(request);
      await deleteAccount(deps, user, request.body, rateLimitSubject(request.ip));
      clearSessionCookie(request, reply);
      return reply.code(204).header("Cache-Control", "no-store").send();
    },
  );
};
