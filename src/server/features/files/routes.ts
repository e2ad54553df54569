// Files (decision 176): upload (the body is the file), download, remove. Attaching happens where a
// request, a message or a quote is sent: their routes take `fileIds`.
import type { Readable } from "node:stream";
import {
  downloadFileQuerySchema,
  fileParamsSchema,
  removeFileSchema,
  storedFileSchema,
  uploadFileQuerySchema,
} from "@/shared/files";
import { markUploading } from "../../http/connections";
import { errorResponses, messageOnlySchema } from "../../http/error-responses";
import { currentUser, requireRole } from "../../http/session";
import type { RoutePlugin } from "../../http/types";
import { dispositionOf } from "./disposition";
import { deleteOwnFile, downloadFile, removeFileAsAdmin, uploadFile } from "./service";

const tags = ["files"];

/**
 * What a downloaded file may do in a browser: nothing. It is never a page of our origin: no script, no
 * plugin, a sandbox; an image shown inline may draw itself and its inline styles (an SVG is never accepted).
 */
const FILE_CSP = "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox";

/**
 * POST /api/files, in a plugin of its own: here every body is the file itself, streamed to the store as
 * it comes (no body limit: the service stops at FILE_MAX_BYTES), whatever its type, JSON included.
 */
const uploadRoute: RoutePlugin = async (app, deps) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", (_request, payload, done) => done(null, payload));

  app.post(
    "/api/files",
    {
      schema: {
        tags,
        description:
          "Uploads one file: the body is the file's bytes, `name` its file name. It is kept for 24 hours until it is attached (`fileIds`) to a quote request, a message or a quote.",
        querystring: uploadFileQuerySchema,
        response: {
          201: storedFileSchema,
          413: messageOnlySchema,
          415: messageOnlySchema,
          422: messageOnlySchema,
          ...errorResponses,
        },
      },
      preValidation: requireRole("client", "provider"),
    },
    async (request, reply) => {
      const length = request.headers["content-length"];
      const body = (request.body as Readable | undefined) ?? request.raw;
      try {
        const file = await uploadFile(
          deps,
          currentUser(request),
          request.query.name,
          body,
          length ? Number(length) : null,
          {
            // A large file from a slow connection takes longer than the request timeout (decision 176):
            // spared once the upload passed the checks that need no byte of it.
            onAccepted: () => markUploading(request.raw),
          },
        );
        return reply.code(201).send(file);
      } catch (err) {
        // Refused before its end: the rest of the body is not read (Node would drain it, however long,
        // to keep the connection); the connection closes after the answer instead.
        if (!request.raw.readableEnded) reply.header("connection", "close");
        throw err;
      }
    },
  );
};

export const fileRoutes: RoutePlugin = async (app, deps) => {
  await app.register(uploadRoute, deps);

  app.get(
    "/api/files/:id",
    {
      schema: { tags, params: fileParamsSchema, querystring: downloadFileQuerySchema },
      preValidation: requireRole(),
      // A HEAD would read the whole file to count it (the answer's length is known without it, but
      // Fastify's HEAD route runs the GET handler).
      exposeHeadRoute: false,
      // An API token: a message's file with messages:read, any other with leads:read (the service checks).
      config: { tokenScope: ["leads:read", "messages:read"] },
      // Already compressed (PDF, images, office files are zips), and a stream with its length.
      compress: false,
    },
    async (request, reply) => {
      const download = await downloadFile(
        deps,
        currentUser(request),
        request.params.id,
        request.query.preview === "1",
        request.apiToken?.scopes,
      );
      reply.header("content-security-policy", FILE_CSP).header("x-content-type-options", "nosniff");
      if (download.redirect !== null) return reply.redirect(download.redirect, 302);
      const { row, content, disposition } = download;
      return reply
        .type(row.contentType)
        .header("content-length", String(row.size))
        .header("content-disposition", dispositionOf(row.name, disposition))
        .header("cache-control", "private, no-store")
        .send(content);
    },
  );

  app.delete(
    "/api/files/:id",
    { schema: { tags, params: fileParamsSchema }, preValidation: requireRole("client", "provider") },
    async (request, reply) => {
      await deleteOwnFile(deps, currentUser(request), request.params.id);
      return reply.code(204).send();
    },
  );

  app.delete(
    "/api/admin/files/:id",
    {
      schema: {
        tags: ["admin"],
        params: fileParamsSchema,
        body: removeFileSchema.optional(),
        response: { 200: storedFileSchema, ...errorResponses },
      },
      preValidation: requireRole("admin"),
    },
    async (request) => removeFileAsAdmin(deps, currentUser(request), request.params.id, request.body?.reason),
  );
};
