// The HTTP server's limits on slow and flooding clients (decision 144): timeouts for the headers, the
// whole request, a stalled connection and an idle kept-alive one, and a cap on open connections that
// never shuts out a client that is asking something now (a health check among them).
//
// Node's own cap (server.maxConnections) refuses every new connection once it is reached, so a flood of
// connections that never finish their headers would shut out the load balancer's health check until the
// headers timeout cleared them. Here a new connection past the cap closes the oldest one that has no
// request in progress instead: a connection still sending its headers, or kept alive with nothing to do.
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import type { Socket } from "node:net";
import type { HttpLimits } from "../config";

/**
 * What Fastify passes to `http.createServer`: Node checks the headers and request timeouts on this
 * interval (30 s by default, which would let a slow client stay half a minute past its timeout).
 */
export function httpServerOptions(limits: HttpLimits) {
  return {
    headersTimeout: limits.headersTimeoutMs,
    connectionsCheckingInterval: Math.min(1000, limits.headersTimeoutMs),
  };
}

/** Fastify's own options for the same limits. */
export function fastifyTimeouts(limits: HttpLimits) {
  return {
    requestTimeout: limits.requestTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    connectionTimeout: limits.idleTimeoutMs,
  };
}

/** Caps the server's open connections at `max`, closing the oldest one without a request in progress. */
export function capConnections(server: Server, max: number): void {
  // Oldest first (a Map keeps insertion order); the value counts the socket's requests in progress.
  const open = new Map<Socket, number>();
  const done = (socket: Socket) => {
    const n = open.get(socket);
    if (n !== undefined) open.set(socket, Math.max(0, n - 1));
  };
  server.on("connection", (socket: Socket) => {
    if (open.size >= max) {
      let evicted = false;
      for (const [other, busy] of open) {
        if (busy > 0) continue;
        other.destroy();
        open.delete(other);
        evicted = true;
        break;
      }
      // Every connection is serving a request: the newcomer waits its turn elsewhere.
      if (!evicted) {
        socket.destroy();
        return;
      }
    }
    open.set(socket, 0);
    socket.once("close", () => open.delete(socket));
  });
  server.on("request", (request: { socket: Socket }, response: ServerResponse) => {
    const socket = request.socket;
    const n = open.get(socket);
    if (n === undefined) return;
    open.set(socket, n + 1);
    let counted = true;
    const finish = () => {
      if (!counted) return;
      counted = false;
      done(socket);
    };
    response.once("finish", finish);
    response.once("close", finish);
  });
}

const UPLOADING = Symbol("uploading");
type MaybeUploading = Socket & { [UPLOADING]?: boolean };

/** The longest an upload may take: 25 MB at about 28 KB/s. A stalled one ends sooner, at the idle timeout. */
export const UPLOAD_TIMEOUT_MS = 15 * 60 * 1000;

/**
 * Exempts a file upload in progress from the request timeout (decision 176): 25 MB from a slow uplink
 * takes minutes, where every other request is done in seconds. The idle timeout still ends an upload
 * that stalls, and UPLOAD_TIMEOUT_MS ends one that crawls.
 */
export function markUploading(request: IncomingMessage): void {
  const socket = request.socket as MaybeUploading;
  socket[UPLOADING] = true;
  const crawl = setTimeout(() => socket.destroy(), UPLOAD_TIMEOUT_MS);
  crawl.unref();
  const done = () => {
    clearTimeout(crawl);
    socket[UPLOADING] = false;
  };
  request.once("end", done);
  request.once("close", done);
}

/**
 * Node reports a request past its timeout as a client error; Fastify's handler answers 408 and closes.
 * Wraps Fastify's handlers so that an upload marked by markUploading is let through (Node has already
 * stopped timing that request), and everything else is handled exactly as before.
 */
export function spareUploadsFromRequestTimeout(server: Server): void {
  const handlers = server.listeners("clientError") as ((err: NodeJS.ErrnoException, socket: Socket) => void)[];
  server.removeAllListeners("clientError");
  server.on("clientError", (err: NodeJS.ErrnoException, socket: MaybeUploading) => {
    if (err.code === "ERR_HTTP_REQUEST_TIMEOUT" && socket[UPLOADING]) return;
    for (const handler of handlers) handler.call(server, err, socket);
  });
}
