// Text PostgreSQL cannot store: the NUL character (in text or JSON) and an unpaired UTF-16 surrogate
// (in JSON). A body holding one is answered 400 naming the field; the database's own refusal maps to
// 400 too, as a safety net.
import { Readable } from "node:stream";
import type { FastifyReply, FastifyRequest } from "fastify";

// A NUL, or half of a UTF-16 surrogate pair without its other half (JSON's "\ud800" escapes allow one).
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding the NUL is the point.
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** The path (a.b.0) of the first string PostgreSQL cannot store, or null when there is none. */
export function findUnstorableText(value: unknown, at = ""): string | null {
  if (typeof value === "string") return UNSTORABLE.test(value) ? at : null;
  if (typeof value !== "object" || value === null) return null;
  for (const [key, inner] of Object.entries(value)) {
    const found = findUnstorableText(inner, at ? `${at}.${key}` : key);
    if (found !== null) return found;
  }
  return null;
}

/** PostgreSQL's refusal of a character in text (22021) or of an unconvertible one (22P05). */
export function isUnstorableTextError(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && typeof e === "object" && depth < 4; depth++) {
    const code = (e as { code?: unknown }).code;
    if (code === "22021" || code === "22P05") return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * A preHandler for every route: runs after the route's own checks (a visitor still hears 401 first,
 * as for any other bad body) and after the schema, which lets these characters through.
 */
export async function refuseUnstorableText(request: FastifyRequest, reply: FastifyReply) {
  const body = request.body;
  // Only a parsed body: an upload's body is its stream (decision 176), bytes rather than text.
  if (!request.url.startsWith("/api/") || typeof body !== "object" || body === null || Buffer.isBuffer(body)) return;
  if (body instanceof Readable) return;
  const field = findUnstorableText(body);
  if (field === null) return;
  const message =
    "Remove the NUL character (\\u0000) or the broken character (an unpaired surrogate): it cannot be stored.";
  return reply.code(400).send({ message: field ? `${field}: ${message}` : message, issues: [{ field, message }] });
}
