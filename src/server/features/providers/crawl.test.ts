// What search engines read (decision 160): robots.txt, the sitemap that follows the listed profiles, a
// 404 for a path the app has no page for, and the canonical address and structured data of public pages.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { HOW_IT_WORKS_FAQ } from "@/shared/faq";
import { companies } from "../../db/schema/companies";
import { users } from "../../db/schema/users";
import { createProvider, slugOf, type TestProvider } from "../../test/fixtures";
import { sharedWebApp } from "../../test/web-app";

const SHELL = `<!doctype html><html><head><title>t</title><meta name="description" content="d" /></head><body><div id="root"></div></body></html>`;
const APP_URL = "https://automatch.example";

const { ctx, get } = sharedWebApp({ PUBLIC_URL: APP_URL }, { "web/index.html": SHELL });

let listed: TestProvider;
let pending: TestProvider;
let suspended: TestProvider;
beforeAll(async () => {
  listed = await createProvider(ctx);
  pending = await createProvider(ctx, { companyStatus: "pending" });
  suspended = await createProvider(ctx);
  await ctx.database.db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, suspended.id));
});

/** The sitemap's addresses. */
async function sitemapUrls(): Promise<string[]> {
  const res = await get("/sitemap.xml");
  expect(res.statusCode).toBe(200);
  expect(res.headers["content-type"]).toBe("application/xml; charset=utf-8");
  expect(res.body).toMatch(
    /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/,
  );
  return [...res.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1] ?? "");
}

describe("robots.txt", () => {
  it("lets crawlers read the public site and the profiles' API, keeps them out of the rest, and names the sitemap", async () => {
    const res = await get("/robots.txt");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/plain; charset=utf-8");
    const lines = res.body.split("\n");
    expect(lines.slice(0, 3)).toEqual(["User-agent: *", "Allow: /", "Allow: /api/providers"]);
    for (const path of ["/api/", "/admin", "/dashboard", "/settings", "/quote-request/", "/reset-password", "/dev/"]) {
      expect(lines).toContain(`Disallow: ${path}`);
    }
    // The pages a visitor lands on stay open.
    for (const path of ["/", "/login", "/providers", "/how-it-works", "/quote-request"]) {
      expect(lines).not.toContain(`Disallow: ${path}`);
    }
    expect(lines).toContain(`Sitemap: ${APP_URL}/sitemap.xml`);
  });
});

describe("sitemap.xml", () => {
  it("lists the marketing pages, the directory and every listed profile, with when it last changed", async () => {
    const urls = await sitemapUrls();
    for (const path of ["/", "/how-it-works", "/for-vendors", "/about", "/providers"]) {
      expect(urls).toContain(`${APP_URL}${path === "/" ? "/" : path}`);
    }
    expect(urls).toContain(`${APP_URL}/providers/${await slugOf(ctx, listed)}`);
    expect(urls).not.toContain(`${APP_URL}/providers/${await slugOf(ctx, pending)}`);
    expect(urls).not.toContain(`${APP_URL}/providers/${await slugOf(ctx, suspended)}`);
    expect((await get("/sitemap.xml")).body).toMatch(
      new RegExp(`<loc>${APP_URL}/providers/${await slugOf(ctx, listed)}</loc><lastmod>\\d{4}-\\d{2}-\\d{2}</lastmod>`),
    );
  });

  it("follows the profiles as they change: a new address replaces the old, an approval adds one", async () => {
    const before = await slugOf(ctx, listed);
    await ctx.database.db
      .update(companies)
      .set({ slug: `${before}-renamed` })
      .where(eq(companies.id, listed.companyId));
    await ctx.database.db.update(companies).set({ status: "approved" }).where(eq(companies.id, pending.companyId));
    const urls = await sitemapUrls();
    expect(urls).toContain(`${APP_URL}/providers/${before}-renamed`);
    expect(urls).not.toContain(`${APP_URL}/providers/${before}`);
    expect(urls).toContain(`${APP_URL}/providers/${await slugOf(ctx, pending)}`);
  });
});

describe("pages", () => {
  it("answers 404 at a path the app has no page for, with the app (which shows Page Not Found)", async () => {
    for (const path of ["/no-such-page", "/providers-list", "/settings/extra", "/quote-request/1/2"]) {
      const res = await get(path);
      expect(res.statusCode, path).toBe(404);
      expect(res.body).toContain('<div id="root"></div>');
    }
    for (const path of ["/", "/about", "/about/", "/settings", "/quote-request/12", "/login", "/admin/users"]) {
      expect((await get(path)).statusCode, path).toBe(200);
    }
  });

  it("gives each public page its canonical address, and the FAQ its structured data", async () => {
    const html = (await get("/how-it-works")).body;
    expect(html).toContain(`<link rel="canonical" href="${APP_URL}/how-it-works" />`);
    expect(html).toContain(`<meta property="og:url" content="${APP_URL}/how-it-works" />`);
    const jsonLd = /<script type="application\/ld\+json">([^<]*)<\/script>/.exec(html)?.[1];
    const faq = JSON.parse(jsonLd ?? "null");
    expect(faq).toMatchObject({ "@context": "https://schema.org", "@type": "FAQPage" });
    expect(faq.mainEntity).toHaveLength(HOW_IT_WORKS_FAQ.length);
    expect(faq.mainEntity[0]).toEqual({
      "@type": "Question",
      name: HOW_IT_WORKS_FAQ[0]?.question,
      acceptedAnswer: { "@type": "Answer", text: HOW_IT_WORKS_FAQ[0]?.answer },
    });
    expect((await get("/about")).body).toContain(`<link rel="canonical" href="${APP_URL}/about" />`);
    // A signed-in page has no canonical address to give.
    expect((await get("/settings")).body).not.toContain('rel="canonical"');
  });
});
