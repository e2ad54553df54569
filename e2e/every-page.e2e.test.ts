// Every page on a 375 px phone, as each role and as a visitor (issue 30, items 2 and 3): none pans
// sideways (a wide table scrolls inside its own box), and none logs an error in the console in normal
// use. The marketing pages, the directory and the visitor's /quote-request and /provider-registration
// are checked at 375 px in public-site.e2e.test.ts, with the same console check; this file has the rest.
import type { BrowserContext, Page, Request } from "playwright-core";
import { describe, expect, it } from "vitest";
import { apiSignIn, DEMO } from "./support/accounts";
import { accessibilityViolations } from "./support/axe";
import { watchConsoleErrors } from "./support/console";
import { keepScreenshot, startProduct } from "./support/fixture";

const product = startProduct();
const PHONE = 375;

/**
 * Opens `path` and waits until the page shows its state: its main heading, no "Loading..." or skeleton
 * left, and no request of the page's still running (the live updates' stream aside, which stays open).
 */
async function visit(page: Page, path: string): Promise<void> {
  // The requests started during this visit: one the page before started and that ends now is not one
  // of them (counting its end alone left a count below zero, which never came back to it).
  const running = new Set<Request>();
  const started = (request: Request) => {
    if (request.resourceType() !== "eventsource") running.add(request);
  };
  const ended = (request: Request) => {
    running.delete(request);
  };
  page.on("request", started);
  page.on("requestfinished", ended);
  page.on("requestfailed", ended);
  try {
    await page.goto(path);
    await page.locator("h1").first().waitFor();
    await expect
      .poll(
        async () =>
          running.size === 0 &&
          (await page.getByText(/^Loading/).count()) === 0 &&
          (await page.locator('[aria-busy="true"], .animate-pulse').count()) === 0,
        { message: `${path} still loading` },
      )
      .toBe(true);
  } finally {
    page.off("request", started);
    page.off("requestfinished", ended);
    page.off("requestfailed", ended);
  }
}

/** How wide the document is, against the phone's width. */
const documentWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

/** Pages whose layout changes on a phone (the admin's tables become cards): scanned for accessibility there too. */
const SCANNED = new Set(["/", "/admin/users", "/admin/requests"]);

/**
 * Visits each path at 375 px: it stays at its address (no guard sent it away, no not-found page), fits
 * the phone, and logs no error.
 */
async function checkPages(context: BrowserContext, name: string, paths: string[]): Promise<void> {
  const page = await context.newPage();
  const errors = watchConsoleErrors(page);
  const wide: string[] = [];
  for (const path of paths) {
    await visit(page, path);
    expect(new URL(page.url()).pathname + new URL(page.url()).search, `${path} moved`).toBe(path);
    expect(await page.getByRole("heading", { name: "Page Not Found" }).count(), path).toBe(0);
    const width = await documentWidth(page);
    if (width > PHONE) wide.push(`${path}: ${width} px`);
    expect(errors.take(), `console errors on ${path}`).toEqual([]);
    // The scanned pages are kept as pictures too (every page's would add seconds to each run).
    if (SCANNED.has(path)) {
      expect(await accessibilityViolations(page), `${name} ${path}`).toEqual([]);
      await keepScreenshot(page, `every-page-${name}${path.replace(/[/?=&]+/g, "-")}-375`);
    }
  }
  expect(wide, "pages wider than the phone").toEqual([]);
}

async function signedIn(email: string): Promise<BrowserContext> {
  const context = await product.newContext({ width: PHONE });
  await apiSignIn(context, email, DEMO.password);
  return context;
}

async function firstId(context: BrowserContext, url: string): Promise<number> {
  const items = (await (await context.request.get(url)).json()) as { id: number }[];
  const id = items[0]?.id;
  if (id === undefined) throw new Error(`${url} lists nothing`);
  return id;
}

describe("every page at 375 px, without a console error", () => {
  it("a visitor's pages beyond the marketing ones", async () => {
    const context = await product.newContext({ width: PHONE });
    const directory = (await (await context.request.get("/api/providers")).json()) as { items: { slug: string }[] };
    const slug = directory.items[0]?.slug;
    expect(slug).toBeTruthy();
    await checkPages(context, "visitor", [
      "/login",
      "/signup",
      "/forgot-password",
      "/auth-test",
      `/providers/${slug}`,
      "/quote-request/1",
      "/admin",
    ]);
  });

  it("a client's pages", async () => {
    const context = await signedIn(DEMO.client);
    const request = await firstId(context, "/api/quote-requests/me");
    await checkPages(context, "client", [
      "/",
      "/dashboard",
      "/dashboard?status=matched",
      "/quote-request",
      `/quote-request/${request}`,
      "/reports",
      "/settings",
      "/provider-registration",
      "/providers",
    ]);
  });

  it("a provider's pages", async () => {
    const context = await signedIn(DEMO.provider);
    const lead = await firstId(context, "/api/leads/me");
    await checkPages(context, "provider", [
      "/",
      "/provider-dashboard",
      `/provider-dashboard/leads/${lead}`,
      "/my-quotes",
      "/analytics",
      "/subscription",
      "/settings",
      "/provider-registration",
    ]);
  });

  it("an admin's pages", async () => {
    const context = await signedIn(DEMO.admin);
    await checkPages(context, "admin", [
      "/",
      "/admin",
      "/admin/analytics",
      "/admin/providers",
      "/admin/alerts",
      "/admin/requests",
      "/admin/users",
      "/admin/activity",
      "/admin/inquiries",
      "/admin/emails",
      "/admin/reports",
      "/admin/reviews",
      "/admin/settings",
    ]);
  });
});
