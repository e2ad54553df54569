import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import fastifyCookie from "@fastify/cookie";
import { fastifyRequestContext } from "@fastify/request-context";
import fastifyStatic from "@fastify/static";
import fastifySwagger from "@fastify/swagger";
import fastifySwaggerUi from "@fastify/swagger-ui";
import Fastify, {
  type FastifyBaseLogger,
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  LogController,
  type RouteOptions,
} from "fastify";
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
  jsonSchemaTransform,
  validatorCompiler,
} from "fastify-type-provider-zod";
import { BRAND_NAME } from "@/shared/brand";
import { isPagePath } from "@/shared/paths";
import { isDatabaseUnavailable } from "./db/unavailable";
import type { AppDeps } from "./deps";
import { AppError, FieldError, ServiceUnavailableError, TooManyRequestsError } from "./errors";
import { accountRoutes } from "./features/account/routes";
import { adminRoutes } from "./features/admin/routes";
import { apiTokenRoutes } from "./features/auth/api-tokens";
import { authRoutes } from "./features/auth/routes";
import { billingRoutes } from "./features/billing/routes";
import { leadPreferenceRoutes } from "./features/companies/lead-preferences";
import { companyRoutes } from "./features/companies/routes";
import { conversationRoutes } from "./features/conversations/routes";
import { exportRoutes } from "./features/exports/routes";
import { fileRoutes } from "./features/files/routes";
import { inquiryRoutes } from "./features/inquiries/routes";
import { leadRoutes } from "./features/leads/routes";
import { mailboxRoutes } from "./features/notifications/mailbox";
import { notificationRoutes } from "./features/notifications/routes";
import { crawlRoutes } from "./features/providers/crawl";
import { providerRoutes } from "./features/providers/routes";
import { quoteRequestRoutes } from "./features/quote-requests/routes";
import { quoteRoutes } from "./features/quotes/routes";
import { reportRoutes } from "./features/reports/routes";
import { reviewRoutes } from "./features/reviews/routes";
import { systemRoutes } from "./features/system/routes";
import { recordServerError } from "./features/system/server-errors";
import { vettingRoutes } from "./features/vetting/routes";
import { webhookRoutes } from "./features/webhooks/routes";
import { registerCompression } from "./http/compression";
import { capConnections, fastifyTimeouts, httpServerOptions, spareUploadsFromRequestTimeout } from "./http/connections";
import { refuseCrossSite, STATE_CHANGING } from "./http/cross-site";
import { metricsRoute, observeRequests, routeLabel } from "./http/metrics";
import { registerSecurityHeaders } from "./http/security-headers";
import { serializerCompiler } from "./http/serializer";
import { isServerRenderedPath, serverRenderedPages } from "./http/server-rendered-pages";
import { authenticateBearer, SESSION_COOKIE } from "./http/session";
import { isUnstorableTextError, refuseUnstorableText } from "./http/unstorable-text";
import { compressPage, isPrerenderedFile, pageEncodingFor, webPages } from "./http/web-page";
import { limitWrites } from "./http/write-limits";
import { type LiveOptions, liveRoutes } from "./live/routes";
import { BOUND_TO_REQUEST, REQUEST_ID_HEADER, requestIdGenerator } from "./request-context";
import type { TrustProxy } from "./trust-proxy";

const builtWebRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../dist/web");

/**
 * Fastify takes a list of addresses as it is; a hop count it refuses to trust at all (it cannot tell a
 * proxy from a client), so hops are given as proxy-addr's rule: the socket's peer and the next
 * `hops - 1` addresses of X-Forwarded-For are proxies, the one before them is the client (decision 106).
 */
function fastifyTrustProxy(trust: TrustProxy): false | string[] | ((address: string, hop: number) => boolean) {
  if (trust === false) return false;
  if ("addresses" in trust) return trust.addresses;
  const { hops } = trust;
  return hops === 0 ? false : (_address, hop) => hop < hops;
}

function sendError(reply: FastifyReply, error: AppError): FastifyReply {
  if (error instanceof TooManyRequestsError || error instanceof ServiceUnavailableError) {
    reply.header("retry-after", String(error.retryAfterSeconds));
  }
  if (error.statusCode >= 500) return sendServerError(reply, error.statusCode, error.message);
  return reply.code(error.statusCode).send({ message: error.message });
}

const SERVER_FAULT = "Something went wrong on our side. Please try again.";

/**
 * A 5xx names the request's id (decision 162), so that support finds its log lines: in the sentence
 * a person reads, and as `reference` for a program.
 */
function sendServerError(reply: FastifyReply, status: number, message: string): FastifyReply {
  const reference = reply.request.id;
  return reply.code(status).send({ message: `${message} (reference ${reference})`, reference });
}

export type BuildOptions = {
  logger?: FastifyBaseLogger;
  serveWeb?: boolean;
  /** The built web app's folder: dist/web unless a test gives one of its own. */
  webRoot?: string;
  /** The web build's server renderer (decision 138): web-ssr/prerender.js beside `webRoot` unless given. */
  serverRendererEntry?: string;
  /** Told of every route as it is declared: the authorization matrix checks each one has a row. */
  onRoute?: (route: RouteOptions) => void;
  /** The live stream's heartbeat and limits (decision 130); tests shorten the heartbeat. */
  live?: LiveOptions;
};

export async function buildApp(deps: AppDeps, options: BuildOptions = {}): Promise<FastifyInstance> {
  const webRoot = options.webRoot ?? builtWebRoot;
  const app = Fastify({
    // One line a request, written when it is answered, instead of Fastify's two (decision 123).
    ...(options.logger
      ? { loggerInstance: options.logger, logController: new LogController({ disableRequestLogging: true }) }
      : { logger: false }),
    trustProxy: fastifyTrustProxy(deps.config.trustProxy),
    genReqId: requestIdGenerator(deps.config.trustProxy !== false),
    // The request's loggers carry its id as a binding; the logger's mixin adds it to every other line
    // written for the request, and skips these (logger.ts).
    childLoggerFactory: (logger, bindings, opts) => {
      const child = logger.child(bindings, opts);
      Object.defineProperty(child, BOUND_TO_REQUEST, { value: true });
      return child;
    },
    bodyLimit: 100 * 1024,
    return503OnClosing: true,
    ...fastifyTimeouts(deps.config.http),
    http: httpServerOptions(deps.config.http),
  });
  capConnections(app.server, deps.config.http.maxConnections);
  spareUploadsFromRequestTimeout(app.server);
  // The request's id in its answer, whatever sends it (a route, a static file, the live stream), and
  // in an AsyncLocalStorage for the log lines and the jobs the request causes (decision 162).
  // Callback hooks where nothing is awaited: an async hook costs a promise on every request.
  app.addHook("onRequest", (request, reply, done) => {
    reply.raw.setHeader(REQUEST_ID_HEADER, request.id);
    done();
  });
  await app.register(fastifyRequestContext, { defaultStoreValues: (request) => ({ reqId: request.id }) });
  observeRequests(app, deps.metrics);
  // Each 5xx for the admin's System tab (decision 163), after the answer and best effort: the database
  // may be why it failed.
  app.addHook("onResponse", (request, reply, done) => {
    done();
    if (reply.statusCode < 500) return;
    const entry = {
      method: request.method,
      route: routeLabel(request, reply.statusCode),
      status: reply.statusCode,
      requestId: request.id,
    };
    recordServerError(deps.db, entry).catch((err) => request.log.warn({ err }, "could not record a 5xx answer"));
  });
  // While the process drains before it stops (decision 144), every answer closes its connection, so
  // that a kept-alive client opens its next one on another process.
  app.addHook("onSend", (request, reply, payload, done) => {
    if (deps.lifecycle.draining) reply.header("connection", "close");
    // A write's answer leaves once this process has heard what it changed of sessions and accounts, so
    // that the next request never finds a session it ended still cached (decision 180).
    if (!STATE_CHANGING.has(request.method)) return done(null, payload);
    deps.sessions.sync(deps.db).then(
      () => done(null, payload),
      (err: Error) => done(err),
    );
  });
  if (options.onRoute) app.addHook("onRoute", options.onRoute);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate("db", deps.db);
  app.decorate("now", deps.now);
  app.decorate("sessionIdleMs", deps.sessionIdleMs);
  app.decorate("sessions", deps.sessions);
  app.addHook("onReady", () => deps.sessions.start());
  app.addHook("onClose", () => deps.sessions.close());
  if (options.logger) {
    app.addHook("onResponse", (request, reply, done) => {
      request.log.info(
        {
          method: request.method,
          url: request.url,
          statusCode: reply.statusCode,
          responseTime: reply.elapsedTime,
          ip: request.ip,
        },
        "request completed",
      );
      done();
    });
  }

  app.setErrorHandler((error: FastifyError, request, reply) => {
    // An error is never a download: a CSV export that failed before its first bytes answers JSON.
    reply.removeHeader("content-disposition");
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((v) => ({
        field: v.instancePath.slice(1).replaceAll("/", "."),
        message: v.message ?? "is invalid",
      }));
      const message = issues.map((i) => (i.field ? `${i.field}: ${i.message}` : i.message)).join("; ");
      return reply.code(400).send({ message, issues });
    }
    if (isDatabaseUnavailable(error)) {
      // Busy, timed out, restarting or read-only: the caller may retry, and nothing internal leaks.
      request.log.warn({ err: error }, "database unavailable");
      return sendError(reply, new ServiceUnavailableError());
    }
    if (error instanceof FieldError) {
      return reply.code(400).send({ message: error.message, issues: [{ field: error.field, message: error.detail }] });
    }
    if (error instanceof AppError) return sendError(reply, error);
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, "response did not match its schema");
      return sendServerError(reply, 500, SERVER_FAULT);
    }
    if (isUnstorableTextError(error)) {
      return reply.code(400).send({ message: "The text contains a character that cannot be stored. Remove it." });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message =
        error.code === "FST_ERR_CTP_BODY_TOO_LARGE"
          ? "The request is too large."
          : error.code === "FST_ERR_CTP_INVALID_MEDIA_TYPE"
            ? "Send the body as JSON (Content-Type: application/json)."
            : error.message;
      return reply.code(status).send({ message });
    }
    // 5xx: the details go to the log, never to the caller.
    request.log.error({ err: error }, "request failed");
    return sendServerError(reply, 500, SERVER_FAULT);
  });

  await app.register(fastifyCookie);

  // Before the routes, so that each gets the compression hook (decision 119).
  await registerCompression(app);

  // A state change from another site is refused (decision 100).
  app.addHook("onRequest", refuseCrossSite(deps.appUrl));
  // A bearer call is its API token's, on the routes of the token's scopes only (decision 174).
  app.addHook("onRequest", authenticateBearer);

  // Text PostgreSQL cannot store is a 400 naming its field, before any service sees it.
  app.addHook("preHandler", refuseUnstorableText);
  // After validation: a request the schema refuses writes nothing, and is not counted.
  app.addHook("preHandler", limitWrites(app, deps.config.writeLimitFactor));

  // Shutting down (decision 109): an answer still on its way closes its connection, so that close()
  // need not wait for the client's keep-alive to time out. Later requests get Fastify's 503.
  let closing = false;
  app.addHook("preClose", async () => {
    closing = true;
  });
  app.addHook("onSend", (_request, reply, payload, done) => {
    if (closing) reply.header("connection", "close");
    done(null, payload);
  });

  // Helmet's headers with a strict CSP, HSTS over HTTPS, no-store on personal data (decision 105).
  await registerSecurityHeaders(app, deps.config);

  // A route open to API tokens says so in the OpenAPI description: a session or a token with its scope.
  app.addHook("onRoute", (route) => {
    const scope = route.config?.tokenScope;
    // Several scopes: each opens it (the handler checks the one its resource needs).
    const scopes = typeof scope === "string" ? [scope] : (scope ?? []);
    if (scopes.length > 0) {
      route.schema = { ...route.schema, security: [{ session: [] }, ...scopes.map((s) => ({ apiToken: [s] }))] };
    }
  });
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: `${BRAND_NAME} API`, version: "1.0.0" },
      components: {
        securitySchemes: {
          session: { type: "apiKey", in: "cookie", name: SESSION_COOKIE, description: "The signed-in session" },
          apiToken: {
            type: "http",
            scheme: "bearer",
            description:
              "A personal API token (Settings, API tokens): `Authorization: Bearer amt_...`. It opens only the routes that list its scope, and no CSRF check applies to it (decision 174).",
          },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: "/api/docs" });

  await app.register(systemRoutes, deps);
  await app.register(metricsRoute, deps);
  await app.register(authRoutes, deps);
  await app.register(inquiryRoutes, deps);
  await app.register(leadRoutes, deps);
  await app.register(billingRoutes, deps);
  await app.register(quoteRequestRoutes, deps);
  await app.register(fileRoutes, deps);
  await app.register(companyRoutes, deps);
  await app.register(vettingRoutes, deps);
  await app.register(leadPreferenceRoutes, deps);
  await app.register(webhookRoutes, deps);
  await app.register(exportRoutes, deps);
  await app.register(apiTokenRoutes, deps);
  await app.register(providerRoutes, deps);
  await app.register(crawlRoutes, deps);
  await app.register(notificationRoutes, deps);
  await app.register(mailboxRoutes, deps);
  await app.register(quoteRoutes, deps);
  await app.register(adminRoutes, deps);
  await app.register(accountRoutes, deps);
  await app.register(conversationRoutes, deps);
  await app.register(reportRoutes, deps);
  await app.register(reviewRoutes, deps);
  await app.register(liveRoutes(options.live), deps);

  const serveWeb = options.serveWeb ?? fs.existsSync(path.join(webRoot, "index.html"));
  if (serveWeb) {
    await app.register(fastifyStatic, {
      root: webRoot,
      wildcard: false,
      // `/` is a page like the others: the handler below writes its meta into index.html.
      index: false,
      // The `.br` or `.gz` the build wrote beside each asset, by the request's Accept-Encoding (decision 119).
      preCompressed: true,
      // The prerendered pages are sent by the handler below, with their meta, never as files.
      allowedPath: (pathname) => !isPrerenderedFile(pathname),
      setHeaders: (res, filePath) => {
        res.header(
          "cache-control",
          filePath.includes(`${path.sep}assets${path.sep}`) ? "public, max-age=31536000, immutable" : "no-cache",
        );
      },
    });
  }
  const pages = webPages(webRoot, () => deps.appUrl);
  const rendered = serverRenderedPages({
    entry: options.serverRendererEntry ?? path.join(path.dirname(webRoot), "web-ssr", "prerender.js"),
    webRoot,
    appUrl: deps.appUrl,
    // The page's data through the API's own route, as the browser reads it: same rules, same serializer.
    read: async (url) => {
      const answer = await app.inject({ method: "GET", url });
      return { statusCode: answer.statusCode, body: answer.body };
    },
    log: app.log,
  });
  app.setNotFoundHandler(async (request, reply) => {
    if (request.url.startsWith("/api/") || (request.method !== "GET" && request.method !== "HEAD") || !serveWeb) {
      return reply.code(404).send({ message: `No such route: ${request.method} ${request.url.split("?")[0]}` });
    }
    // The provider directory and profiles: rendered for this request with their data (decision 138).
    if (isServerRenderedPath(request.url.split("?")[0] ?? "/")) {
      const page = await rendered.render(request.url, request.cookies);
      if (page) {
        const encoding = pageEncodingFor(request.headers["accept-encoding"]);
        if (encoding !== "identity") reply.header("content-encoding", encoding);
        return reply
          .code(page.status)
          .type("text/html; charset=utf-8")
          .header("cache-control", "no-cache")
          .header("vary", "accept-encoding, cookie")
          .send(compressPage(page.html, encoding));
      }
    }
    // A marketing page is its prerendered HTML (decision 121); every other page is the single-page app,
    // which shows 'Page Not Found' itself at a path it has no page for, and that answer is a 404 (no
    // soft 404 for search engines to index, decision 160).
    // Compressed here, once per page (decision 119): the compression hook does not reach this handler.
    const pathname = request.url.split("?")[0] ?? "/";
    const encoding = pageEncodingFor(request.headers["accept-encoding"]);
    const html = await pages.page(pathname, request.cookies, encoding, request.url.split("?")[1] ?? "");
    if (encoding !== "identity") reply.header("content-encoding", encoding);
    return (
      reply
        .code(isPagePath(pathname) ? 200 : 404)
        .type("text/html; charset=utf-8")
        .header("cache-control", "no-cache")
        // `/` is the landing without a session cookie and the app's shell with one.
        .header("vary", "accept-encoding, cookie")
        .send(html)
    );
  });

  return app;
}
