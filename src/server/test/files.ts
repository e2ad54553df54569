// Files in API tests (decision 176): the smallest documents file-type recognises, and uploads, downloads
// and the rows' count through the shared test app.
import type { Readable } from "node:stream";
import { count } from "drizzle-orm";
import { expect } from "vitest";
import { fileChunks, files } from "../db/schema/files";
import type { TestProvider } from "./fixtures";
import { leadOf, matchedRequest } from "./scenarios";
import { apiAs, as, type TestContext, type TestUser } from "./test-app";

export const PDF = Buffer.from("%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");
export const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);

export function fileHelpers(ctx: TestContext) {
  const api = apiAs(ctx).call;
  const upload = (user: TestUser, name: string, body: Buffer | Readable, headers: Record<string, string> = {}) =>
    as(ctx, user, {
      method: "POST",
      url: `/api/files?name=${encodeURIComponent(name)}`,
      headers: { "content-type": "application/octet-stream", ...headers },
      payload: body,
    });
  async function uploaded(user: TestUser, name = "process.pdf", body: Buffer = PDF): Promise<string> {
    const res = await upload(user, name, body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id;
  }
  return {
    api,
    upload,
    uploaded,
    /** A message of `client`'s carrying one image, on a new request matched to `provider`. */
    async messageWithFile(client: TestUser, provider: TestProvider, requestOver: Record<string, unknown> = {}) {
      const request = await matchedRequest(ctx, client, requestOver as never);
      const leadId = await leadOf(ctx, provider, request);
      const id = await uploaded(client, "screen.png", PNG);
      const sent = await api(client, "POST", `/api/conversations/${leadId}/messages`, { fileIds: [id] });
      expect(sent.statusCode, sent.body).toBe(201);
      return { request, leadId, id, message: sent.json() };
    },
    download: (user: TestUser | null, id: string, query = "") => api(user, "GET", `/api/files/${id}${query}`),
    async fileRows() {
      const [row] = await ctx.database.db.select({ n: count() }).from(files);
      const [chunks] = await ctx.database.db.select({ n: count() }).from(fileChunks);
      return { files: row?.n ?? 0, chunks: chunks?.n ?? 0 };
    },
  };
}
