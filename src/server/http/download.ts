// A file the app makes for its user to keep (the data export, the CSV exports): an attachment named
// `automatch-<what>-<YYYY-MM-DD>.<extension>` by the app's clock, never stored by a cache.
import type { FastifyReply } from "fastify";

export function sendDatedDownload(
  reply: FastifyReply,
  file: { what: string; extension: string; type: string; now: Date },
  body: unknown,
): FastifyReply {
  const day = file.now.toISOString().slice(0, 10);
  return reply
    .header("cache-control", "no-store")
    .header("content-disposition", `attachment; filename="automatch-${file.what}-${day}.${file.extension}"`)
    .type(file.type)
    .send(body);
}
