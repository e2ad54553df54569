// The provider directory and public profiles (issue 17): listed once the marketplace approved the
// company, filtered and sorted through the address, paged, served as HTML a crawler reads (decision
// 138) and taken over by the browser without a mismatch.
import type { BrowserContext, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { DIRECTORY_PAGE_SIZE, type DirectoryPage } from "@/shared/providers";
import { apiSignIn, DEMO, uniqueEmail } from "./support/accounts";
import { accessibilityViolations } from "./support/axe";
import { watchConsoleErrors } from "./support/console";
import { keepScreenshot, startProduct } from "./support/fixture";
import { registerProvider } from "./support/providers";

const product = startProduct();

/** Every provider of this file is based in Iceland, where the demo has none: the country filter isolates them. */
const COUNTRY = "IS";
const COUNTRY_NAME = "Iceland";
const stamp = Date.now();
/** One more than a page, so that the directory pages; named so that A-Z is the order of creation. */
const NAMES = Array.from(
  { length: DIRECTORY_PAGE_SIZE + 1 },
  (_, i) => `Fjord ${String.fromCharCode(65 + i)} Automation ${stamp}`,
);
/** The first three do IoT, the others RPA: the specialty filter leaves three. */
const IOT_COUNT = 3;
const DESCRIPTION =
  "We automate cold-chain logistics and fisheries reporting with RPA bots, sensors and dashboards for teams across the North Atlantic.";
const WEBSITE = "https://fjord.example.com";

const registerCompany = (context: BrowserContext, name: string, specialty: string) =>
  registerProvider(
    context,
    { firstName: "Fjola", lastName: "Provider", email: uniqueEmail("e2e-directory"), password: "fjords-and-flows" },
    {
      name,
      description: DESCRIPTION,
      industry: "automation",
      website: WEBSITE,
      location: "Reykjavik",
      country: COUNTRY,
      size: "small",
      specialties: [specialty],
    },
  );

/** The slug the database gives a new company's name (migration 0017), when it is free. */
const slugOf = (name: string) => name.toLowerCase().replace(/[^a-z0-9]+/g, "-");

const directoryPath = (query: string) => `/providers?country=${COUNTRY}${query}`;
const cardNames = (page: Page) => page.getByTestId("directory-list").getByRole("heading", { level: 2 }).allInnerTexts();
const count = (page: Page) => page.getByTestId("directory-count").innerText();

/**
 * Once React has taken the server's HTML over (it marks the elements it owns): a choice made in a select
 * before then is the plain form's, which waits for its Apply button.
 */
async function hydrated(page: Page): Promise<void> {
  await expect
    .poll(() =>
      page
        .locator("h1")
        .first()
        .evaluate((h1) => Object.keys(h1).some((key) => key.startsWith("__reactFiber$"))),
    )
    .toBe(true);
}

beforeAll(async () => {
  const admin = await product.newContext();
  await apiSignIn(admin, DEMO.admin, DEMO.password);
  // One after the other, so that "Newest members" is the reverse of the names' order.
  for (const [i, name] of NAMES.entries()) {
    const owner = await product.newContext();
    const id = await registerCompany(owner, name, i < IOT_COUNT ? "IoT Integration" : "RPA");
    const approved = await admin.request.patch(`/api/admin/providers/${id}/approve`);
    expect(approved.status(), await approved.text()).toBe(200);
    await owner.close();
  }
  await admin.close();
}, 120_000);

describe("the provider directory", () => {
  it("lists the approved providers, filters and sorts through the address, and pages", async () => {
    const { page } = await product.newPage();
    await page.goto("/providers");
    await page.getByRole("heading", { level: 1, name: "Automation Provider Directory" }).waitFor();
    await hydrated(page);
    await page.getByLabel("Country").selectOption(COUNTRY);
    await page.waitForURL((url) => url.search === `?country=${COUNTRY}`);
    await expect.poll(() => count(page)).toBe(`${NAMES.length} providers`);
    expect(await cardNames(page)).toHaveLength(DIRECTORY_PAGE_SIZE);

    // Paging: the last one comes with "Load more", in the same list.
    await page.getByTestId("load-more").click();
    await expect.poll(() => cardNames(page).then((names) => names.length)).toBe(NAMES.length);
    expect(new Set(await cardNames(page))).toEqual(new Set(NAMES));
    expect(await page.getByTestId("load-more").count()).toBe(0);

    // Sorting: by name, then newest first (the last approved first).
    await page.getByLabel("Sort by").selectOption("name");
    await page.waitForURL((url) => url.searchParams.get("sort") === "name");
    await expect.poll(() => cardNames(page)).toEqual(NAMES.slice(0, DIRECTORY_PAGE_SIZE));
    await page.getByLabel("Sort by").selectOption("newest");
    await expect.poll(() => cardNames(page)).toEqual(NAMES.toReversed().slice(0, DIRECTORY_PAGE_SIZE));

    // A filter narrows; the address keeps it all.
    await page.getByLabel("Specialty").selectOption("IoT Integration");
    await page.waitForURL((url) => url.searchParams.get("specialty") === "IoT Integration");
    await expect.poll(() => count(page)).toBe(`${IOT_COUNT} providers`);
    expect(await cardNames(page)).toEqual(NAMES.slice(0, IOT_COUNT).toReversed());
    expect(new URL(page.url()).search).toBe(`?specialty=IoT+Integration&country=${COUNTRY}&sort=newest`);
    expect(await accessibilityViolations(page)).toEqual([]);
    await keepScreenshot(page, "providers-directory");

    // The back button returns to the previous filters.
    await page.goBack();
    await page.waitForURL((url) => !url.searchParams.has("specialty"));
    await expect.poll(() => count(page)).toBe(`${NAMES.length} providers`);
    expect(await page.getByLabel("Specialty").inputValue()).toBe("");
    expect(await page.getByLabel("Sort by").inputValue()).toBe("newest");

    // A shared address opens with its filters chosen.
    await page.goto(directoryPath("&specialty=IoT+Integration&sort=name"));
    await expect.poll(() => cardNames(page)).toEqual(NAMES.slice(0, IOT_COUNT));
    expect(await page.getByLabel("Specialty").inputValue()).toBe("IoT Integration");
    expect(await page.getByLabel("Country").inputValue()).toBe(COUNTRY);

    // Nothing matches: the empty state clears the filters and keeps the sort.
    await page.goto(directoryPath("&minRating=4&sort=name"));
    await page.getByTestId("directory-empty").waitFor();
    await hydrated(page);
    expect(await count(page)).toBe("0 providers");
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.getByRole("link", { name: "Clear filters" }).click();
    await page.waitForURL((url) => url.search === "?sort=name");
    await expect.poll(() => cardNames(page).then((names) => names.length)).toBeGreaterThan(0);
  });

  it("offers only the countries, specialties and industries listed providers have, with their counts", async () => {
    const { context, page } = await product.newPage();
    const { facets } = (await (await context.request.get("/api/providers?facets=1")).json()) as DirectoryPage;
    if (!facets) throw new Error("the directory answered no facets");
    /** A select's options after its "Any ..." one. */
    const offered = async (label: string) => (await page.getByLabel(label).locator("option").allInnerTexts()).slice(1);
    await page.goto("/providers");
    await page.getByRole("heading", { level: 1, name: "Automation Provider Directory" }).waitFor();
    // The demo's providers are in a handful of countries, and the ones this file made in Iceland.
    const countries = await offered("Country");
    expect(countries.length).toBe(facets.countries.length);
    expect(countries.length).toBeLessThan(15);
    expect(countries).toContain(`${COUNTRY_NAME} (${NAMES.length})`);
    expect(await offered("Specialty")).toEqual(
      facets.specialties.map((f) => `${f.value} (${f.count})`).sort((a, b) => a.localeCompare(b)),
    );
    expect(await offered("Industry served")).toHaveLength(facets.industries.length);

    // With a country chosen, the other filters count within it; the countries stay offered.
    await hydrated(page);
    await page.getByLabel("Country").selectOption(COUNTRY);
    await expect
      .poll(() => offered("Specialty"))
      .toEqual([`IoT Integration (${IOT_COUNT})`, `RPA (${NAMES.length - IOT_COUNT})`]);
    expect(await offered("Country")).toEqual(countries);
  });

  it("folds the filters behind a button on a phone, which opens them", async () => {
    const { page } = await product.newPage({ width: 375 });
    await page.goto("/providers");
    await page.getByRole("heading", { level: 1, name: "Automation Provider Directory" }).waitFor();
    await hydrated(page);
    const toggle = page.getByText("Filters and sort");
    expect(await page.getByLabel("Specialty").isVisible()).toBe(false);
    // The first provider shows on the first screen (900 px high) rather than below the filters.
    const first = await page.getByTestId("directory-list").getByRole("heading", { level: 2 }).first().boundingBox();
    expect(first?.y ?? Number.POSITIVE_INFINITY).toBeLessThan(900);
    await toggle.click();
    await page.getByLabel("Specialty").selectOption("IoT Integration");
    await page.waitForURL((url) => url.searchParams.get("specialty") === "IoT Integration");
    await expect.poll(() => page.locator("summary").innerText()).toMatch(/Filters and sort\s*\(1 chosen\)/);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    expect(await accessibilityViolations(page)).toEqual([]);
    await keepScreenshot(page, "providers-directory-filters-375");
    await toggle.click();
    expect(await page.getByLabel("Specialty").isVisible()).toBe(false);
  });

  it("a provider's profile shows its facts, figures and verified badge, and leads to the quote wizard", async () => {
    const { page } = await product.newPage();
    await page.goto(directoryPath("&sort=name"));
    await page.getByRole("link", { name: NAMES[0] }).click();
    await page.waitForURL((url) => url.pathname === `/providers/${slugOf(NAMES[0] ?? "")}`);
    await page.getByRole("heading", { level: 1, name: NAMES[0] }).waitFor();
    expect(await page.getByText("Verified by Automatch").count()).toBe(1);
    const facts = page.getByTestId("profile-facts");
    expect(await facts.innerText()).toContain("IoT Integration");
    expect(await facts.innerText()).toContain(COUNTRY_NAME);
    expect(await facts.innerText()).toContain("Small (11-50)");
    expect(await facts.innerText()).toContain("Reykjavik");
    const website = facts.getByRole("link", { name: WEBSITE });
    expect(await website.getAttribute("rel")).toBe("noopener noreferrer nofollow ugc");
    expect(await website.getAttribute("target")).toBe("_blank");
    const figures = await page.getByTestId("profile-figures").innerText();
    expect(figures).toContain("Requests quoted");
    expect(figures).toContain("No answers yet");
    expect(await page.getByText("No reviews yet", { exact: false }).count()).toBeGreaterThan(0);
    expect(await page.title()).toBe(`${NAMES[0]} — Automation Provider | Automatch`);
    expect(await accessibilityViolations(page)).toEqual([]);
    await keepScreenshot(page, "providers-profile");

    await page.getByRole("link", { name: `Request a quote from ${NAMES[0]}`, exact: true }).click();
    await page.waitForURL((url) => url.pathname === "/quote-request" && url.searchParams.get("provider") !== null);
  });

  it("a company not yet approved has no public profile: 404 for a visitor, a preview for its owner", async () => {
    const owner = await product.newContext();
    const name = `Fjord Pending ${stamp}`;
    await registerCompany(owner, name, "RPA");
    const path = `/providers/${slugOf(name)}`;

    const served = await fetch(`${product.baseURL}${path}`);
    expect(served.status).toBe(404);
    expect(await served.text()).not.toContain(name);
    const { page } = await product.newPage();
    await page.goto(path);
    await page.getByRole("heading", { level: 1, name: "Provider not found" }).waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.getByRole("link", { name: "Browse the provider directory" }).click();
    await page.getByRole("heading", { level: 1, name: "Automation Provider Directory" }).waitFor();

    const ownerPage = await owner.newPage();
    await ownerPage.goto(path);
    await ownerPage.getByRole("heading", { level: 1, name }).waitFor();
    expect(await ownerPage.getByTestId("preview-banner").innerText()).toBe(
      "Preview: only you can see this page until your company is approved",
    );
  });
});

describe("served as HTML a crawler reads", () => {
  it("the profile and the directory's cards are in the HTML, with their title and description, with JavaScript off", async () => {
    const { page } = await product.newPage({ javaScriptEnabled: false });
    const name = NAMES[1] ?? "";
    await page.goto(`/providers/${slugOf(name)}`);
    expect(await page.locator("h1").first().textContent()).toBe(name);
    const facts = await page.getByTestId("profile-facts").innerText();
    expect(facts).toContain(COUNTRY_NAME);
    expect(facts).toContain("IoT Integration");
    expect(await page.getByText("Verified by Automatch").count()).toBe(1);
    expect(await page.title()).toBe(`${name} — Automation Provider | Automatch`);
    const description = await page.locator('meta[name="description"]').getAttribute("content");
    expect(description).toMatch(/^We automate cold-chain logistics/);
    expect(await page.locator('meta[property="og:title"]').getAttribute("content")).toBe(
      `${name} — Automation Provider`,
    );
    const canonical = await page.locator('link[rel="canonical"]').getAttribute("href");
    expect(canonical).toMatch(new RegExp(`^https?://[^/]+/providers/${slugOf(name)}$`));
    expect(await page.locator('meta[property="og:url"]').getAttribute("content")).toBe(canonical);

    await page.goto(directoryPath("&sort=name"));
    expect(await page.title()).toBe("Automation Provider Directory | Automatch");
    expect(await cardNames(page)).toEqual(NAMES.slice(0, DIRECTORY_PAGE_SIZE));
    expect(await count(page)).toBe(`${NAMES.length} providers`);
    // Without JavaScript "Load more" is a link to the next page, which the server renders too.
    await page.getByTestId("load-more").click();
    await page.waitForURL((url) => url.searchParams.has("cursor"));
    expect(await cardNames(page)).toEqual(NAMES.slice(DIRECTORY_PAGE_SIZE));
    // So is a filter: the form is an ordinary GET form.
    await page.goto(directoryPath(""));
    await page.getByLabel("Specialty").selectOption("IoT Integration");
    await page.getByRole("button", { name: "Apply" }).click();
    await page.waitForURL((url) => url.searchParams.get("specialty") === "IoT Integration");
    expect(await count(page)).toBe(`${IOT_COUNT} providers`);
  });

  it("the browser takes both pages over without a console error and without reading them again", async () => {
    const { page } = await product.newPage();
    const errors = watchConsoleErrors(page);
    const reads: string[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname.startsWith("/api/providers")) reads.push(request.url());
    });
    for (const path of [directoryPath("&sort=name"), `/providers/${slugOf(NAMES[2] ?? "")}`]) {
      await page.goto(path, { waitUntil: "networkidle" });
      await hydrated(page);
    }
    expect(errors.take()).toEqual([]);
    expect(reads).toEqual([]);

    // Once taken over, the page is the app: a filter changes the list in place.
    await page.goto(directoryPath("&sort=name"), { waitUntil: "networkidle" });
    await hydrated(page);
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    await page.getByLabel("Specialty").selectOption("IoT Integration");
    await expect.poll(() => count(page)).toBe(`${IOT_COUNT} providers`);
    expect(await page.evaluate(() => "sameDocument" in window)).toBe(true);
    const api = (await (
      await fetch(`${product.baseURL}/api/providers?country=${COUNTRY}&specialty=IoT+Integration`)
    ).json()) as DirectoryPage;
    expect(api.total).toBe(IOT_COUNT);
  });
});
