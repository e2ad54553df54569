// Request ids (decision 162): every request gets one, a trusted proxy's X-Request-Id when it sends
// one; it is on every log line the request causes, through an AsyncLocalStorage that
// @fastify/request-context keeps across the request's hooks and handler, and it travels with each
// job the request enqueues, whose run logs it too.
import { randomFillSync } from "node:crypto";
import type { IncomingMessage } from "node:http";
import { asyncLocalStorage } from "@fastify/request-context";

export const REQUEST_ID_HEADER = "x-request-id";

/** What a proxy's id may be: short, and nothing a log line or a header could be broken with. */
const ACCEPTABLE_ID = /^[A-Za-z0-9._:-]{1,128}$/;

// Random bytes drawn a few thousand at a time: one draw per request cost a twentieth of a signed-in read.
const POOL_IDS = 512;
const ID_BYTES = 9;
const pool = Buffer.alloc(POOL_IDS * ID_BYTES);
let drawn = POOL_IDS;

/** A new id: 12 random characters that are safe in a header, a URL and a support email. */
export function newRequestId(): string {
  if (drawn === POOL_IDS) {
    randomFillSync(pool);
    drawn = 0;
  }
  const start = drawn * ID_BYTES;
  drawn += 1;
  return pool.toString("base64url", start, start + ID_BYTES);
}

/**
 * Fastify's genReqId: the proxy's X-Request-Id when the proxy is trusted (TRUST_PROXY is set, and
 * such a proxy sets or passes the header), else a new id. A client cannot choose its own id where no
 * proxy is trusted.
 */
export function requestIdGenerator(trustProxy: boolean): (req: IncomingMessage) => string {
  return (req) => {
    const given = trustProxy ? req.headers[REQUEST_ID_HEADER] : undefined;
    return typeof given === "string" && ACCEPTABLE_ID.test(given) ? given : newRequestId();
  };
}

type Store = { reqId?: string };

/** The id of the request (or of the job a request enqueued) this code runs for; undefined outside one. */
export function currentRequestId(): string | undefined {
  return (asyncLocalStorage.getStore() as unknown as Store | undefined)?.reqId;
}

/** Runs `body` as part of the request with this id: a job run enqueued by that request. */
export function runForRequest<T>(reqId: string | undefined, body: () => T): T {
  return reqId ? asyncLocalStorage.run({ reqId } as never, body) : body();
}

/** Marks the loggers Fastify makes for each request, whose lines carry the id already as a binding. */
export const BOUND_TO_REQUEST = Symbol("boundToRequest");

declare module "@fastify/request-context" {
  interface RequestContextData {
    reqId: string;
  }
}
