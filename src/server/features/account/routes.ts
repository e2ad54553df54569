import { deleteAccountSchema } from "@/shared/account";
import { sendDatedDownload } from "../../http/download";
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
      return sendDatedDownload(
        reply,
        { what: "my-data", extension: "json", type: "application/json; charset=utf-8", now },
        JSON.stringify(data, null, 2),
      );
    },
  );

  // The same, with the user's files beside it (decision 176): my-data.json and files/, streamed as a ZIP.
  app.get(
    "/api/account/export.zip",
    // No HEAD: it would build the whole archive to count it.
    { schema: { tags: ["account"] }, preValidation: requireRole(), compress: false, exposeHeadRoute: false },
    async (request, reply) => {
      const now = deps.now();
      const user = currentUser(request);
      const token = request.cookies[SESSION_COOKIE] ?? "";
      const data = await exportAccount(app.db, user, token, now, deps.sessionIdleMs);
      // archiver is loaded by the first export, not by every start.
      const { ZipArchive } = await import("archiver");
      const archive = new ZipArchive({ zlib: { level: 6 } });
      archive.on("warning", (err) => request.log.warn({ err }, "data export archive"));
      archive.on("error", (err) => request.log.error({ err }, "data export archive failed"));
      archive.append(JSON.stringify(data, null, 2), { name: "my-data.json" });
      // Each file's content is read only when the archive reaches it; stored as it is (PDFs, images and
      // office files are compressed already).
      const entries = (await uploadedContents(deps, user.id)).map((file) => ({ ...file, content: file.read() }));
      for (const file of entries) archive.append(file.content, { name: file.path, store: true });
      // A client that leaves mid-download: the archive and every file's read stop (an S3 read holds a
      // connection of the pool until it is destroyed).
      reply.raw.once("close", () => {
        if (reply.raw.writableFinished) return;
        archive.abort();
        for (const file of entries) file.content.destroy();
      });
      void archive.finalize();
      return sendDatedDownload(reply, { what: "my-data", extension: "zip", type: "application/zip", now }, archive);
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
