// Lists that grow with use show a page and "Load more"; the dashboards' figures come from counts; the
// welcome page says when its figures could not be read (issue 13, decision 104).
import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { validQuoteRequestBody } from "@/shared/quote-requests.fixtures";
import { apiSignIn, apiSignUp, DEMO, newPerson } from "./support/accounts";
import { accessibilityViolations } from "./support/axe";
import { keepScreenshot, startProduct } from "./support/fixture";

const product = startProduct();
const REQUESTS = 23;

/**
 * A new client with REQUESTS requests, submitted through the API as the wizard submits them, the
 * oldest `cancelled` of them cancelled (a cancelled request stays closed whatever background matching
 * does with the others), on its dashboard once that lists its first page of 20: the page and the rows.
 */
async function dashboardWithManyRequests(cancelled: number): Promise<{ page: Page; rows: Locator }> {
  const { context, page } = await product.newPage();
  await apiSignUp(context, newPerson("Morgan", "Many", "e2e-many"));
  for (let i = 1; i <= REQUESTS; i++) {
    const made = await context.request.post("/api/quote-requests", {
      data: { ...validQuoteRequestBody(), title: `Process number ${i}` },
    });
    expect(made.status()).toBe(201);
    if (i <= cancelled) {
      const id = (await made.json()).id as number;
      expect((await context.request.post(`/api/quote-requests/${id}/cancel`)).status()).toBe(200);
    }
  }
  await page.goto("/dashboard");
  const rows = page.getByTestId("quote-request-row");
  await expect.poll(() => rows.count()).toBe(20);
  return { page, rows };
}

const cardValue = async (page: Page, testId: string, title: string) =>
  (await page.getByTestId(testId).filter({ hasText: title }).innerText()).replace(title, "").trim();

describe("long lists", () => {
  it("the client's dashboard counts every request, lists the newest 20 and loads the rest on request", async () => {
    const { page, rows } = await dashboardWithManyRequests(3);
    expect(await cardValue(page, "stat-card", "Total Requests")).toBe(String(REQUESTS));
    expect(await cardValue(page, "stat-card", "Completed")).toBe("3");
    // Newest first: the last one submitted heads the list.
    expect(await rows.first().getByRole("heading").innerText()).toBe(`Process number ${REQUESTS}`);
    expect(await accessibilityViolations(page)).toEqual([]);

    await page.getByRole("button", { name: "Load more" }).click();
    await expect.poll(() => rows.count()).toBe(REQUESTS);
    expect(await rows.last().getByRole("heading").innerText()).toBe("Process number 1");
    expect(await page.getByRole("button", { name: "Load more" }).count()).toBe(0);
    await keepScreenshot(page, "client-dashboard-load-more");

    // The welcome page and the reports count all of them too.
    await page.goto("/");
    await expect
      .poll(() =>
        page
          .getByTestId("welcome-card")
          .filter({ hasText: "Quote Requests" })
          .getByTestId("welcome-card-value")
          .innerText(),
      )
      .toBe(String(REQUESTS));
    await page.goto("/reports");
    await expect.poll(() => page.getByTestId("total-requests").innerText()).toBe(String(REQUESTS));
    await page
      .getByRole("table")
      .getByRole("link", { name: `Process number ${REQUESTS}` })
      .waitFor();
    expect(await page.getByRole("table").getByRole("row").count()).toBe(21); // the heading and a page of 20
    await page.getByRole("button", { name: "Load more" }).click();
    await expect.poll(() => page.getByRole("table").getByRole("row").count()).toBe(REQUESTS + 1);
  });

  it("the filter asks the server, so a status shows all its requests, not those of the page read", async () => {
    // The newest 20 (the first page of all) hold 18 cancelled ones; there are 21 in all.
    const { page, rows } = await dashboardWithManyRequests(21);
    await page.getByRole("combobox", { name: "Show requests by status" }).click();
    await page.getByRole("option", { name: "Closed" }).click();
    const second = page.getByRole("heading", { name: "Process number 2", exact: true });
    await expect.poll(() => rows.filter({ has: second }).count()).toBe(1);
    expect(await rows.count()).toBe(20);
    await page.getByRole("button", { name: "Load more" }).click();
    await expect.poll(() => rows.count()).toBe(21);
    expect(await rows.last().getByRole("heading").innerText()).toBe("Process number 1");
  });
});

describe("the welcome page when its figures cannot be read", () => {
  it.each([
    ["client", DEMO.client, "**/api/quote-requests/me/summary"],
    ["provider", DEMO.provider, "**/api/analytics/me"],
    ["admin", DEMO.admin, "**/api/admin/stats"],
  ])("says so to a %s instead of showing zeros", async (role, email, read) => {
    const { context, page } = await product.newPage();
    await apiSignIn(context, email, DEMO.password);
    // The read fails as a server in trouble would answer it.
    await page.route(read, (route) =>
      route.fulfill({ status: 503, contentType: "application/json", body: '{"message":"Try again in a minute."}' }),
    );
    await page.goto("/");
    await page
      .getByRole("alert")
      .filter({ hasText: "Your figures could not be loaded: Try again in a minute." })
      .waitFor();
    expect(await page.getByTestId("welcome-card").filter({ visible: true }).count()).toBe(0);
    await page.getByRole("heading", { name: "Quick Actions" }).waitFor();
    await keepScreenshot(page, `welcome-error-${role}`);
  });
});
