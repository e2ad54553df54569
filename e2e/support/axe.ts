import fs from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "playwright-core";

const require = createRequire(import.meta.url);
const AXE_CODE = fs.readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");

type AxeViolation = { id: string; impact: string | null; help: string; nodes: { target: string[] }[] };

/** WCAG 2 A/AA violations on the page as it is now (axe-core), as readable lines; [] when clean. */
export async function accessibilityViolations(page: Page): Promise<string[]> {
  // Evaluated through the browser's devtools protocol: the page's CSP refuses inline scripts (decision 105).
  // Once a document: a page the app moved within keeps the copy an earlier scan put there.
  const loaded = await page.evaluate(() => typeof (window as { axe?: { run?: unknown } }).axe?.run === "function");
  if (!loaded) await page.evaluate(AXE_CODE);
  const { violations, passes } = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run: (ctx: Document, opts: object) => Promise<{ violations: unknown[]; passes: unknown[] }> };
      }
    ).axe;
    // Every node of a violation is reported; of the rules that passed, only which ones (the count below).
    const result = await axe.run(document, {
      runOnly: { type: "tag", values: ["wcag2a", "wcag2aa"] },
      resultTypes: ["violations"],
    });
    return { violations: result.violations as AxeViolation[], passes: result.passes.length };
  });
  // A scan of an empty or broken page finds no violations either: it must have checked something.
  if (passes === 0) throw new Error("axe-core checked nothing on the page");
  return violations.map(
    (v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`,
  );
}
