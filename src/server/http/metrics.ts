// GET /metrics for Prometheus, and the HTTP figures it shows (decision 161).
import { timingSafeEqual } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { MetricsConfig } from "../config";
import type { Metrics } from "../metrics";
import type { RoutePlugin } from "./types";

/**
 * The route's pattern as the label (never its path, which holds ids). The built app's hashed files
 * are one label, as each build names them anew; what no route matched is told apart from the pages
 * the not-found handler serves.
 */
export function routeLabel(request: FastifyRequest, status: number): string {
  const pattern = request.routeOptions.url;
  if (pattern === undefined) return status === 404 ? "(no route)" : "(page)";
  if (pattern.startsWith("/assets/")) return "/assets/*";
  return pattern;
}

/** Counts and times every answer, by route pattern, method and status. */
export function observeRequests(app: FastifyInstance, metrics: Metrics): void {
  // Callback hooks where nothing is awaited: an async hook costs a promise on every answer.
  app.addHook("onResponse", (request, reply, done) => {
    const route = routeLabel(request, reply.statusCode);
    metrics.http.requests.inc({ method: request.method, route, status: String(reply.statusCode) });
    metrics.http.duration.observe({ method: request.method, route }, reply.elapsedTime / 1000);
    done();
  });
}

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Whether /metrics answers on the app's own port, and to whom: with METRICS_TOKEN, to a bearer of it;
 * without, openly outside production and not at all in production (where METRICS_PORT, a port the
 * public does not reach, serves it instead).
 */
export function metricsOnAppPort(config: MetricsConfig, env: string): "token" | "open" | "off" {
  if (config.token) return "token";
  return env === "production" || config.port !== null ? "off" : "open";
}

export const metricsRoute: RoutePlugin = async (app, deps) => {
  const access = metricsOnAppPort(deps.config.metrics, deps.config.env);
  if (access === "off") return;
  const token = deps.config.metrics.token;
  app.get("/metrics", { schema: { hide: true } }, async (request, reply) => {
    if (access === "token") {
      const [scheme, given] = (request.headers.authorization ?? "").split(" ");
      if (scheme?.toLowerCase() !== "bearer" || !given || !token || !sameToken(given, token)) {
        return reply
          .code(401)
          .header("www-authenticate", 'Bearer realm="metrics"')
          .send({ message: "The metrics need the METRICS_TOKEN as a bearer token (Authorization: Bearer ...)." });
      }
    }
    const text = await deps.metrics.registry.metrics();
    return reply.header("cache-control", "no-store").type(deps.metrics.registry.contentType).send(text);
  });
};

/** The metrics on a port of their own (METRICS_PORT): GET /metrics answers, anything else is a 404. */
export function serveMetricsPort(metrics: Metrics, port: number, host: string): Promise<Server> {
  const server = createServer((req, res) => {
    if (req.method !== "GET" || (req.url ?? "").split("?")[0] !== "/metrics") {
      res.writeHead(404, { "content-type": "text/plain; charset=utf-8" }).end("Only GET /metrics is served here.\n");
      return;
    }
    metrics.registry.metrics().then(
      (text) =>
        res.writeHead(200, { "content-type": metrics.registry.contentType, "cache-control": "no-store" }).end(text),
      () => res.writeHead(500, { "content-type": "text/plain; charset=utf-8" }).end("The metrics could not be read.\n"),
    );
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => resolve(server));
  });
}
