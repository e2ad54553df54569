// The headers of decision 105 on real answers: the CSP of the page, HSTS only over HTTPS,
// no-store on personal data, static caching kept, and no source maps in production.
import fs from "node:fs";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app";
import { type Config, loadConfig } from "../config";
import { as, createTestContext, createUser, type TestContext, type TestUser } from "../test/test-app";
import { writeTempFolder } from "../test/web-app";

let ctx: TestContext;
let client: TestUser;
let webRoot: string;
const apps: FastifyInstance[] = [];

beforeAll(async () => {
  ctx = await createTestContext();
  client = await createUser(ctx, "client");
  // A built web app of its own: the page, a hashed asset and its source map.
  webRoot = writeTempFolder({
    "index.html": "<!doctype html><html><head><title>t</title></head></html>",
    "assets/index-abc123.js": "console.info(1);\n//# sourceMappingURL=index-abc123.js.map\n",
    "assets/index-abc123.js.map": '{"version":3,"sources":["secret.ts"]}',
  });
});
afterAll(async () => {
  for (const app of apps) await app.close();
  await ctx.close();
  fs.rmSync(webRoot, { recursive: true, force: true });
});

/**
 * The app on this file's database, serving the web folder, built with some configuration changed
 * (email off: production refuses to start without a way to send it, and these tests read headers).
 */
async function appWith(env: Record<string, string> = {}): Promise<FastifyInstance> {
  const config: Config = { ...ctx.config, ...pick(loadConfig({ NODE_ENV: "test", MAIL_DISABLED: "true", ...env })) };
  const app = await buildApp({ ...ctx.deps, config }, { serveWeb: true, webRoot });
  apps.push(app);
  return app;
}
const pick = (c: Config) => ({ env: c.env, billing: c.billing, bookingUrl: c.bookingUrl, trustProxy: c.trustProxy });

const stripeEnv = {
  STRIPE_SECRET_KEY: "sk_test_123",
  STRIPE_PUBLISHABLE_KEY: "pk_test_123",
  STRIPE_WEBHOOK_SECRET: "whsec_123",
};

function directives(header: string | string[] | number | undefined): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of String(header).split(";")) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) map.set(name, values);
  }
  return map;
}

describe("Content-Security-Policy", () => {
  it("is strict on the pages: own scripts only, no plugins, no base, not framed, forms to itself", async () => {
    const app = await appWith();
    const res = await app.inject({ method: "GET", url: "/" });
    expect(res.statusCode).toBe(200);
    const csp = directives(res.headers["content-security-policy"]);
    expect(csp.get("default-src")).toEqual(["'self'"]);
    expect(csp.get("script-src")).toEqual(["'self'"]);
    expect(csp.get("object-src")).toEqual(["'none'"]);
    expect(csp.get("base-uri")).toEqual(["'none'"]);
    expect(csp.get("frame-ancestors")).toEqual(["'none'"]);
    expect(csp.get("form-action")).toEqual(["'self'"]);
    expect(csp.get("frame-src")).toEqual(["'none'"]);
    expect(csp.get("connect-src")).toEqual(["'self'"]);
    expect(res.headers["x-frame-options"]).toBe("DENY");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    // Every other page of the single-page app has the same policy.
    const page = await app.inject({ method: "GET", url: "/dashboard" });
    expect(page.headers["content-security-policy"]).toBe(res.headers["content-security-policy"]);
  });

  it("lets in Stripe's scripts, frames and API only when Stripe is configured", async () => {
    const app = await appWith(stripeEnv);
    const csp = directives((await app.inject({ method: "GET", url: "/" })).headers["content-security-policy"]);
    expect(csp.get("script-src")).toEqual(["'self'", "https://js.stripe.com", "https://*.js.stripe.com"]);
    expect(csp.get("frame-src")).toContain("https://js.stripe.com");
    expect(csp.get("frame-src")).toContain("https://hooks.stripe.com");
    expect(csp.get("connect-src")).toEqual(["'self'", "https://api.stripe.com"]);
  });

  it("lets the booking page's origin into a frame when one is configured", async () => {
    const app = await appWith({ BOOKING_URL: "https://cal.example.com/team/intro?x=1" });
    const csp = directives((await app.inject({ method: "GET", url: "/schedule" })).headers["content-security-policy"]);
    expect(csp.get("frame-src")).toEqual(["https://cal.example.com"]);
    expect(csp.get("script-src")).toEqual(["'self'"]);
  });
});

describe("Strict-Transport-Security", () => {
  it("is not sent over plain HTTP", async () => {
    const res = await ctx.app.inject({ method: "GET", url: "/api/public-config" });
    expect(res.headers["strict-transport-security"]).toBeUndefined();
  });

  it("is sent when a trusted proxy says the request came over HTTPS", async () => {
    const app = await appWith({ TRUST_PROXY: "1" });
    const res = await app.inject({ method: "GET", url: "/", headers: { "x-forwarded-proto": "https" } });
    expect(res.headers["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
  });

  it("is not sent when an untrusted client claims HTTPS", async () => {
    const res = await ctx.app.inject({
      method: "GET",
      url: "/api/public-config",
      headers: { "x-forwarded-proto": "https" },
    });
    expect(res.headers["strict-transport-security"]).toBeUndefined();
  });
});

describe("Cache-Control", () => {
  it("is no-store on API answers that carry an account's data, and on refusals", async () => {
    for (const url of ["/api/auth/user", "/api/quote-requests/me", "/api/notifications"]) {
      const res = await as(ctx, client, { method: "GET", url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers["cache-control"], url).toBe("no-store");
    }
    const anonymous = await ctx.app.inject({ method: "GET", url: "/api/auth/user" });
    expect(anonymous.headers["cache-control"]).toBe("no-store");
    const signIn = await ctx.app.inject({
      method: "POST",
      url: "/api/auth/sign-in",
      payload: { email: client.email, password: client.password },
    });
    expect(signIn.statusCode).toBe(200);
    expect(signIn.headers["cache-control"]).toBe("no-store");
  });

  it("is left alone on the public configuration and the API's documentation", async () => {
    for (const url of ["/api/public-config", "/api/docs/json"]) {
      const res = await ctx.app.inject({ method: "GET", url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers["cache-control"], url).toBeUndefined();
    }
  });

  it("keeps the static assets' caching", async () => {
    const app = await appWith();
    const asset = await app.inject({ method: "GET", url: "/assets/index-abc123.js" });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect((await app.inject({ method: "GET", url: "/" })).headers["cache-control"]).toBe("no-cache");
  });
});

describe("source maps", () => {
  it("are not served in production", async () => {
    const app = await appWith({ NODE_ENV: "production" });
    const map = await app.inject({ method: "GET", url: "/assets/index-abc123.js.map" });
    expect(map.statusCode).toBe(404);
    expect(map.body).not.toContain("secret.ts");
    // Percent-encoded, as the static files decode it.
    for (const url of [
      "/assets/index-abc123.js.m%61p",
      "/assets/index-abc123.js%2Emap",
      "/assets/index-abc123.js.MAP",
    ]) {
      const encoded = await app.inject({ method: "GET", url });
      expect(encoded.body, url).not.toContain("secret.ts");
    }
    expect((await app.inject({ method: "GET", url: "/assets/index-abc123.js" })).statusCode).toBe(200);
  });

  it("are served in development", async () => {
    const app = await appWith({ NODE_ENV: "development" });
    const map = await app.inject({ method: "GET", url: "/assets/index-abc123.js.map" });
    expect(map.statusCode).toBe(200);
    expect(map.body).toContain("secret.ts");
  });
});
