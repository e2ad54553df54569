// Lighthouse 12 (issue 30, decision 160) on the public pages a visitor and a search engine land on: the
// landing, How It Works, the directory, a profile and the sign-in page, as Lighthouse's default mobile
// run measures them (a mid-range phone on a slow 4G network, simulated). Each must score 100 for SEO,
// accessibility and best practices, and at least 95 for performance; `npm test` prints the scores. It runs after every other browser
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

declare module "vitest" {
  interface TaskMeta {
    /** A page's Lighthouse scores out of 100, by category. */
    lighthouse?: { path: string; scores: Record<string, number> };
  }
}

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

/**
 * Lighthouse 12.2.3 (pinned: 13 needs Node 22) on this machine's Chromium 156 fails to find the page
 * load in its own trace in about one page of twenty (NO_NAVSTART, "Please run Lighthouse again"): no
 * page was measured, so none is scored. That page alone is measured anew, at most twice; a score is
 * never measured twice (decision 160).
 */
const UNRECORDED_LOAD = "NO_NAVSTART";

/** Lighthouse's result for `path`: measured anew only when it says it recorded no page load. */
async function measure(path: string) {
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouseOnce(path);
    if (result?.lhr.runtimeError?.code !== UNRECORDED_LOAD || attempt === 3) return result;
  }
}

const lighthouseOnce = (path: string) =>
  lighthouse(new URL(path, product.baseURL).href, {
    port: chrome.port,
    output: "json",
    logLevel: "error",
    onlyCategories: [...CATEGORIES],
    // Pictures of the page: no score reads them.
    disableFullPageScreenshot: true,
    skipAudits: ["screenshot-thumbnails", "final-screenshot"],
  });

/** The scores of `path` out of 100, and the audits that kept a category below 100. */
async function audit(path: string): Promise<{ scores: Record<string, number>; failing: string[] }> {
  const result = await measure(path);
  if (!result) throw new Error(`Lighthouse gave no result for ${path}`);
  // A page Lighthouse could not measure has no score: say why rather than score it 0.
  const { runtimeError, runWarnings } = result.lhr;
  if (runtimeError)
    throw new Error(`Lighthouse could not measure ${path}: ${runtimeError.code}: ${runtimeError.message}`);
  if (runWarnings.length > 0) throw new Error(`Lighthouse warned on ${path}: ${runWarnings.join("; ")}`);
  const { categories, audits } = result.lhr;
  const scores = Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((categories[c]?.score ?? 0) * 100)]));
  const failing = Object.values(audits)
    .filter(
      (a) => a.score !== null && a.score < 1 && ["binary", "numeric", "metricSavings"].includes(a.scoreDisplayMode),
    )
    .map((a) => `${a.id} (${a.score}${a.displayValue ? `, ${a.displayValue}` : ""})`)
    // An audit that failed to run leaves its category without a score: named with its error.
    .concat(
      Object.values(audits)
        .filter((a) => a.scoreDisplayMode === "error")
        .map((a) => `${a.id} (error: ${a.errorMessage ?? "unknown"})`),
    );
  return { scores, failing };
}

describe("Lighthouse on the public pages", () => {
  it.for(["/", "/how-it-works", "/providers", "profile", "/login"])("%s", async (page, { task }) => {
    let path = page;
    if (page === "profile") {
      const directory = await (await fetch(new URL("/api/providers", product.baseURL))).json();
      path = `/providers/${directory.items[0].slug}`;
    }
    const { scores, failing } = await audit(path);
    // Kept with the test in the run's JSON report: `npm test` prints them after the browser tests.
    task.meta.lighthouse = { path, scores };
    for (const category of CATEGORIES) {
      expect(scores[category], `${category} of ${path}; below 1: ${failing.join("; ")}`).toBeGreaterThanOrEqual(
        MINIMUM[category],
      );
    }
  });
});
