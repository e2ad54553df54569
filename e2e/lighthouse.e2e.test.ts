// Lighthouse 12 (issue 30, decision 160) on the public pages a visitor and a search engine land on: the
// landing, How It Works, the directory, a profile and the sign-in page, as Lighthouse's default mobile
// run measures them (a mid-range phone on a slow 4G network, simulated). Each must score 100 for SEO,
// accessibility and best practices, and at least 95 for performance. It runs after every other browser
// test (its own project, vitest.e2e.config.ts), on a machine doing nothing else: performance is timed.
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHROMIUM, startProduct } from "./support/fixture";

const product = startProduct();

const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
const MINIMUM: Record<(typeof CATEGORIES)[number], number> = {
  performance: 95,
  accessibility: 100,
  "best-practices": 100,
  seo: 100,
};

let chrome: chromeLauncher.LaunchedChrome;
beforeAll(async () => {
  chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
  });
});
afterAll(async () => {
  await chrome?.kill();
});

/** The scores of `path` out of 100, and the audits that kept a category below 100. */
async function audit(path: string): Promise<{ scores: Record<string, number>; failing: string[] }> {
  const result = await lighthouse(new URL(path, product.baseURL).href, {
    port: chrome.port,
    output: "json",
    logLevel: "error",
    onlyCategories: [...CATEGORIES],
    // Pictures of the page: no score reads them.
    disableFullPageScreenshot: true,
    skipAudits: ["screenshot-thumbnails", "final-screenshot"],
  });
  if (!result) throw new Error(`Lighthouse gave no result for ${path}`);
  const { categories, audits } = result.lhr;
  const scores = Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((categories[c]?.score ?? 0) * 100)]));
  const failing = Object.values(audits)
    .filter(
      (a) => a.score !== null && a.score < 1 && ["binary", "numeric", "metricSavings"].includes(a.scoreDisplayMode),
    )
    .map((a) => `${a.id} (${a.score}${a.displayValue ? `, ${a.displayValue}` : ""})`);
  // biome-ignore lint/suspicious/noConsole: the scores are the test's report.
  console.log(`Lighthouse ${path}: ${CATEGORIES.map((c) => `${c} ${scores[c]}`).join(", ")}`);
  return { scores, failing };
}

describe("Lighthouse on the public pages", () => {
  it.each(["/", "/how-it-works", "/providers", "profile", "/login"])("%s", async (page) => {
    let path = page;
    if (page === "profile") {
      const directory = await (await fetch(new URL("/api/providers", product.baseURL))).json();
      path = `/providers/${directory.items[0].slug}`;
    }
    const { scores, failing } = await audit(path);
    for (const category of CATEGORIES) {
      expect(scores[category], `${category} of ${path}; below 1: ${failing.join("; ")}`).toBeGreaterThanOrEqual(
        MINIMUM[category],
      );
    }
  });
});
