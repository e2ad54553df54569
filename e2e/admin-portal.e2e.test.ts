// The admin portal (spec screen 10, issue 12) as an admin uses it: every tab by its URL, the figures
// on real data, the three writes (request status, role, resolve) with their toasts, and the people on
// the other side seeing the change: a client sees their request's new status, a user gains and loses
// admin rights. The demo data gives the portal something to show (decision 103): six subscribed
// providers, requests in every state, and "too few providers" alerts from the US-only requests.
import type { BrowserContext, Page } from "playwright-core";
import { beforeEach, describe, expect, it } from "vitest";
import { validQuoteRequestBody } from "@/shared/quote-requests.fixtures";
import { apiSignUp, DEMO, uniqueEmail } from "./support/accounts";
import { adminPage, statusText } from "./support/admin";
import { accessibilityViolations } from "./support/axe";
import { keepScreenshot, startProduct } from "./support/fixture";
import { submitRequest } from "./support/requests";

// With mail: a new client confirms its address, without which its requests reach no provider (decision 150).
const product = startProduct({ mail: true });
let context: BrowserContext;
let page: Page;

beforeEach(async () => {
  ({ context, page } = await adminPage(product));
});

/** A new client, signed in in a context of its own, with one submitted request. */
async function clientWithRequest(title: string) {
  const ctx = await product.newContext();
  const email = uniqueEmail("e2e-admin-client");
  await apiSignUp(ctx, { firstName: "Cleo", lastName: "Client", email, password: "client-pass-123" }, product);
  return { ctx, email, id: await submitRequest(ctx, validQuoteRequestBody({ title })) };
}

async function openTab(path: string, tab: string) {
  await page.goto(path);
  await page.getByRole("tab", { name: tab, selected: true }).waitFor();
  expect(await page.getByRole("tab", { selected: true }).count()).toBe(1);
}

describe("the admin portal", () => {
  it("opens each tab by its URL, with exactly that tab and one sidebar item selected, and passes the scan", async () => {
    const tabs: [string, string, string][] = [
      ["/admin", "Overview", "Overview"],
      ["/admin/analytics", "Analytics", "Analytics"],
      ["/admin/providers", "Providers", "Providers"],
      ["/admin/alerts", "Alerts", "Alerts"],
      ["/admin/requests", "Requests", "Requests"],
      ["/admin/users", "Users", "Users"],
      ["/admin/activity", "Activity", "Activity Log"],
    ];
    for (const [path, tab, sidebar] of tabs) {
      await openTab(path, tab);
      const current = page.getByRole("navigation", { name: "Main" }).locator("[aria-current=page]");
      expect(await current.count(), path).toBe(1);
      expect(await current.innerText(), path).toBe(sidebar);
      await page.getByRole("tabpanel").getByRole("heading").first().waitFor();
      expect(await accessibilityViolations(page), path).toEqual([]);
      await keepScreenshot(page, `admin-tab-${tab.toLowerCase()}`);
    }
  });

  it("shows the figures of the data on the Overview and the welcome page", async () => {
    const stats = await (await context.request.get("/api/admin/stats")).json();
    // The demo's six subscriptions are paid up: $99 each this month.
    expect(stats.revenue).toMatchObject({ activeSubscriptions: 6, thisMonthCents: 6 * 9900, includesDemo: true });
    const revenue = "$594 (demo)";
    await openTab("/admin", "Overview");
    expect(await page.getByTestId("stat-total-requests").innerText()).toBe(String(stats.totalRequests));
    expect(await page.getByTestId("stat-total-clients").innerText()).toBe(String(stats.totalClients));
    expect(await page.getByTestId("stat-revenue").innerText()).toBe(revenue);
    await page.getByRole("heading", { name: `Unresolved Alerts (${stats.unresolvedAlerts})` }).waitFor();

    await page.goto("/");
    await page.getByRole("heading", { name: /Welcome back/ }).waitFor();
    const cards = (await page.getByTestId("welcome-card").allInnerTexts()).map((c) => c.replace(/\s+/g, " ").trim());
    expect(cards).toEqual([
      `Total Users ${stats.totalUsers}`,
      `Active Requests ${stats.requestsByStatus.active}`,
      `Revenue ${revenue}`,
    ]);
  });

  it("finds a request by its client's email and title, completes it and reopens it, and the client sees each status", async () => {
    const title = `Admin status ${Date.now()}`;
    const client = await clientWithRequest(title);
    const clientPage = await client.ctx.newPage();

    await openTab("/admin/requests", "Requests");
    await page.getByLabel("Search").fill(client.email);
    await expect.poll(() => page.getByTestId("admin-request-row").count()).toBe(1);
    expect(await page.getByTestId("admin-request-row").innerText()).toContain(title);
    await page.getByLabel("Search").fill(title);
    await page.waitForURL(/q=Admin/);
    await expect.poll(() => page.getByTestId("admin-request-row").count()).toBe(1);

    const status = page.getByLabel(`Status of ${title}`);
    await status.selectOption("completed");
    await page.getByRole("alertdialog", { name: "Complete this request?" }).waitFor();
    await page.getByRole("button", { name: "Complete request" }).click();
    await expect.poll(() => statusText(page)).toContain("Status Updated");
    await expect.poll(() => status.inputValue()).toBe("completed");

    await clientPage.goto(`/quote-request/${client.id}`);
    await clientPage.getByText("Closed", { exact: true }).first().waitFor();

    await page.getByLabel("Status", { exact: true }).selectOption("completed");
    await page.waitForURL(/status=completed/);
    await expect.poll(() => page.getByTestId("admin-request-row").count()).toBe(1);
    await status.selectOption("pending");
    await expect.poll(() => page.getByTestId("admin-request-row").count()).toBe(0);

    // Reopened, matching runs again in the background and finds the lead the request already holds:
    // matched. Waiting for it also lets the job finish before the next test counts alerts.
    await expect
      .poll(async () => (await (await client.ctx.request.get(`/api/quote-requests/${client.id}`)).json()).status)
      .toBe("matched");
    await clientPage.goto("/dashboard");
    const row = clientPage.getByTestId("quote-request-row").filter({ hasText: title });
    expect(await row.innerText()).toContain("Matched");

    await openTab("/admin/activity", "Activity");
    const entry = page
      .getByTestId("activity-entry")
      .filter({ hasText: `title: ${title}` })
      .first();
    await entry.waitFor();
    expect(await entry.innerText()).toContain("status: completed → pending");
    expect(await entry.innerText()).toContain("Just now");
  });

  it("resolves an alert; it shows who resolved it, the top bar's count drops and the log says so", async () => {
    const before = (await (await context.request.get("/api/admin/alerts/count")).json()).unresolved as number;
    expect(before).toBeGreaterThan(0);
    await openTab("/admin/alerts?resolved=false", "Alerts");
    const button = page.getByTestId("admin-alerts-button");
    // The count arrives after the page: the label claims a number only once it has one.
    await expect.poll(() => button.getAttribute("aria-label")).toBe(`Alerts: ${before} unresolved`);
    const first = page.getByTestId("admin-alert").first();
    const title = await first.locator("span.font-medium").innerText();
    await first.getByRole("button", { name: /^Resolve/ }).click();
    await expect.poll(() => statusText(page)).toContain("Alert Resolved");
    await expect
      .poll(() => button.getAttribute("aria-label"))
      .toBe(before - 1 === 0 ? "Alerts: none unresolved" : `Alerts: ${before - 1} unresolved`);

    await page.getByLabel("Show").selectOption("true");
    const resolved = page.getByTestId("admin-alert").filter({ hasText: title }).first();
    await expect.poll(() => resolved.innerText()).toContain("Resolved by Alex Admin");

    await page.goto("/admin/activity");
    const entry = page.getByTestId("activity-entry").first();
    await expect.poll(() => entry.innerText()).toContain("Resolve alert");
    expect(await entry.innerText()).toContain("Alex Admin");
  });

  it("a user made admin can open the portal; once removed, the server refuses them and the app sends them home", async () => {
    const userCtx = await product.newContext();
    const email = uniqueEmail("e2e-promoted");
    await apiSignUp(userCtx, { firstName: "Pat", lastName: "Promoted", email, password: "promoted-pass-123" });
    const userPage = await userCtx.newPage();
    expect((await userCtx.request.get("/api/admin/stats")).status()).toBe(403);

    await openTab(`/admin/users?q=${encodeURIComponent(email)}`, "Users");
    const row = page.getByTestId("admin-user-row").filter({ hasText: email });
    await row.getByRole("button", { name: "Make Admin" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Make Admin" }).click();
    await expect.poll(() => statusText(page)).toContain("Role Updated");
    await expect.poll(() => row.innerText()).toContain("ADMIN");

    await userPage.goto("/admin/users");
    await userPage.getByRole("tab", { name: "Users", selected: true }).waitFor();

    await row.getByRole("button", { name: "Remove Admin" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Remove Admin" }).click();
    await expect.poll(() => row.innerText()).toContain("CLIENT");
    expect((await userCtx.request.get("/api/admin/stats")).status()).toBe(403);
    await userPage.goto("/admin");
    await userPage.waitForURL((url) => url.pathname === "/dashboard");
  });

  it("the only admin removing their own role gets the server's reason in an error toast", async () => {
    await openTab(`/admin/users?q=${encodeURIComponent(DEMO.admin)}`, "Users");
    const row = page.getByTestId("admin-user-row").filter({ hasText: DEMO.admin });
    await row.getByRole("button", { name: "Remove Admin" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Remove Admin" }).click();
    await expect.poll(() => statusText(page)).toContain("You are the only admin");
    expect(await row.innerText()).toContain("ADMIN");
  });

  it("analytics shows Conversion from the data and follows the period in the URL", async () => {
    const data = await (await context.request.get("/api/admin/analytics?period=90d")).json();
    await openTab("/admin/analytics?period=90d", "Analytics");
    await page.getByText("Conversion", { exact: true }).waitFor();
    expect(await page.getByTestId("analytics-conversion").innerText()).toBe(`${data.conversion.percent}%`);
    expect(await page.getByLabel("Period").inputValue()).toBe("90d");
    await page.getByLabel("Period").selectOption("12m");
    await page.waitForURL(/period=12m/);
    await page.getByText("The figures as a table").click();
    await expect.poll(() => page.getByTestId("analytics-series-table").locator("tbody tr").count()).toBe(12);
    expect(await page.getByTestId("pipeline-stages").innerText()).toContain("Negotiating");
  });

  it("lists every provider with its subscription, filtered by vetting status", async () => {
    await openTab("/admin/providers", "Providers");
    const demo = page.getByTestId("admin-provider-row").filter({ hasText: DEMO.provider });
    await expect.poll(() => demo.innerText()).toMatch(/Active \(demo\)|Trialing \(demo\)/);
    await page.getByLabel("Vetting").selectOption("rejected");
    await page.waitForURL(/status=rejected/);
    await expect.poll(() => page.getByTestId("admin-provider-row").filter({ hasText: DEMO.provider }).count()).toBe(0);
  });
});
