// What search engines crawl (decision 160): robots.txt, which keeps them to the public site and names the
// sitemap, and sitemap.xml, the marketing pages, the directory and every listed profile, read from the
// database at each request so that it follows the profiles as they change.

import { MARKETING_PAGE_PATHS } from "@/shared/page-meta";
import { PATHS, providerPath } from "@/shared/paths";
import { escapeHtml } from "../../http/escape-html";
import type { RoutePlugin } from "../../http/types";
import { listedProfilesForSitemap } from "./queries";

/** A sitemap holds at most 50,000 addresses (sitemaps.org). */
const SITEMAP_MAX_URLS = 50_000;
const SITEMAP_PAGES = [...MARKETING_PAGE_PATHS, PATHS.providers];

/** Signed-in pages, links from emails and the API: nothing a search engine can show. The profiles' API stays open. */
const DISALLOWED = [
  "/api/",
  PATHS.admin,
  PATHS.dashboard,
  PATHS.providerDashboard,
  PATHS.myQuotes,
  PATHS.analytics,
  PATHS.subscription,
  PATHS.reports,
  PATHS.settings,
  `${PATHS.quoteRequestWizard}/`,
  PATHS.resetPassword,
  PATHS.verifyEmail,
  PATHS.authTest,
  "/dev/",
];

export function robotsTxt(appUrl: string): string {
  return [
    "User-agent: *",
    "Allow: /",
    `Allow: /api${PATHS.providers}`,
    ...DISALLOWED.map((path) => `Disallow: ${path}`),
    "",
    `Sitemap: ${new URL("/sitemap.xml", appUrl).href}`,
    "",
  ].join("\n");
}

function urlEntry(loc: string, lastmod?: Date): string {
  const modified = lastmod ? `<lastmod>${lastmod.toISOString().slice(0, 10)}</lastmod>` : "";
  return `<url><loc>${escapeHtml(loc)}</loc>${modified}</url>`;
}

export const crawlRoutes: RoutePlugin = async (app, deps) => {
  app.get("/robots.txt", { schema: { hide: true } }, async (_request, reply) =>
    reply
      .type("text/plain; charset=utf-8")
      .header("cache-control", "public, max-age=3600")
      .send(robotsTxt(deps.appUrl)),
  );

  app.get("/sitemap.xml", { schema: { hide: true } }, async (_request, reply) => {
    const profiles = await listedProfilesForSitemap(app.db, SITEMAP_MAX_URLS - SITEMAP_PAGES.length);
    const at = (path: string) => new URL(path, deps.appUrl).href;
    const xml = [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      ...SITEMAP_PAGES.map((path) => urlEntry(at(path))),
      ...profiles.map((p) => urlEntry(at(providerPath(p.slug)), p.updatedAt)),
      "</urlset>",
      "",
    ].join("\n");
    return reply.type("application/xml; charset=utf-8").header("cache-control", "public, max-age=300").send(xml);
  });
};
