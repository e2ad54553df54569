import { ZipArchive } from "archiver";
import { deleteAccountSchema } from "@/shared/account";
import { rateLimitSubject } from "../../http/rate-limit";
import { clearSessionCookie, currentUser, requireRole, SESSION_COOKIE } from "../../http/session";
import type { RoutePlugin } from "../../http/types";
import { uploadedContents } from "../files/service";
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

  // The same, with the user's files beside it (decision 176): my-data.json and files/, streamed as a ZIP.
  app.get(
    "/api/account/export.zip",
    { schema: { tags: ["account"] }, preValidation: requireRole(), compress: false },
    async (request, reply) => {
      const now = deps.now();
      const user = currentUser(request);
      const token = request.cookies[SESSION_COOKIE] ?? "";
      const data = await exportAccount(app.db, user, token, now, deps.sessionIdleMs);
      const archive = new ZipArchive({ zlib: { level: 6 } });
      archive.on("warning", (err) => request.log.warn({ err }, "data export archive"));
      archive.on("error", (err) => request.log.error({ err }, "data export archive failed"));
      archive.append(JSON.stringify(data, null, 2), { name: "my-data.json" });
      for (const file of await uploadedContents(deps, user.id)) archive.append(file.read(), { name: file.path });
      void archive.finalize();
      const day = now.toISOString().slice(0, 10);
      return reply
        .header("Cache-Control", "no-store")
        .header("Content-Disposition", `attachment; filename="automatch-my-data-${day}.zip"`)
        .type("application/zip")
        .send(archive);
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
