// The headers every response carries (decision 105): helmet's set with a strict Content-Security-Policy,
// HSTS only over HTTPS, no caching of personal data, and no source maps in production. helmet is built
// once and its middleware run on each response; @fastify/helmet built it again for every request
// (parsing the policy each time), a tenth of a signed-in read's work (decision 180).
import type { FastifyInstance } from "fastify";
import helmet from "helmet";
import type { Config } from "../config";
import { storageOrigin } from "../files-config";

// Stripe's published needs for Stripe.js and Elements (docs.stripe.com/security/guide#content-security-policy).
const STRIPE = {
  script: ["https://js.stripe.com", "https://*.js.stripe.com"],
  frame: ["https://js.stripe.com", "https://*.js.stripe.com", "https://hooks.stripe.com"],
  connect: ["https://api.stripe.com"],
};

/**
 * API paths anyone may read and that carry nobody's data; every other /api/ answer is not stored. The
 * public directory and profiles (decision 137) say their own caching; their errors are not stored.
 */
const PUBLIC_API = ["/api/public-config", "/api/docs", "/api/providers"];

export function contentSecurityPolicy(
  config: Pick<Config, "billing" | "bookingUrl"> & { files?: Config["files"] },
): Record<string, string[]> {
  const stripe = config.billing.provider === "stripe";
  // Image previews come from S3 itself when files are kept there (decision 176).
  const storage = config.files ? storageOrigin(config.files.storage) : null;
  const frames = [...(config.bookingUrl ? [new URL(config.bookingUrl).origin] : []), ...(stripe ? STRIPE.frame : [])];
  return {
    "default-src": ["'self'"],
    "script-src": ["'self'", ...(stripe ? STRIPE.script : [])],
    // The app's libraries write <style> elements at run time (without this, every signed-in page has one refused).
    "style-src": ["'self'", "'unsafe-inline'"],
    "img-src": ["'self'", "data:", ...(storage ? [storage] : [])],
    "font-src": ["'self'"],
    "connect-src": ["'self'", ...(stripe ? STRIPE.connect : [])],
    "frame-src": frames.length > 0 ? frames : ["'none'"],
    "object-src": ["'none'"],
    "base-uri": ["'none'"],
    "frame-ancestors": ["'none'"],
    "form-action": ["'self'"],
  };
}

export function isPublicApiPath(url: string): boolean {
  const pathname = url.split("?")[0] ?? "";
  return PUBLIC_API.some((p) => pathname === p || pathname.startsWith(`${p}/`));
}

export async function registerSecurityHeaders(app: FastifyInstance, config: Config): Promise<void> {
  const headers = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(config) },
    // Sent below, only over HTTPS: over plain HTTP a browser ignores it, and local HTTP must keep working.
    strictTransportSecurity: false,
    xFrameOptions: { action: "deny" },
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
  });
  app.addHook("onRequest", (request, reply, done) => {
    headers(request.raw, reply.raw, (err) => done(err instanceof Error ? err : undefined));
  });

  // A source map is the readable source of the app: not for everyone in production.
  if (config.env === "production") {
    app.addHook("onRequest", async (request, reply) => {
      // The path as the router and the static files read it: `%61` is an `a` to them too.
      let path = request.url.split("?")[0] ?? "";
      try {
        path = decodeURIComponent(path);
      } catch {
        // not valid percent-encoding: the router answers it
      }
      if (path.toLowerCase().endsWith(".map")) {
        return reply.code(404).send({ message: `No such route: ${request.method} ${request.url.split("?")[0]}` });
      }
    });
  }

  app.addHook("onSend", (request, reply, payload, done) => {
    // request.protocol honours TRUST_PROXY (decision 106): a proxy that terminated HTTPS says so.
    if (request.protocol === "https") {
      reply.header("strict-transport-security", "max-age=31536000; includeSubDomains");
    }
    if (request.url.startsWith("/api/") && (!isPublicApiPath(request.url) || reply.statusCode >= 400)) {
      reply.header("cache-control", "no-store");
    }
    done(null, payload);
  });
}
