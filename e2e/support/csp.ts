import type { Page } from "playwright-core";

/**
 * Collects what the page's Content-Security-Policy refuses (decision 105), from the
 * `securitypolicyviolation` events of every document the page opens and from the console's
 * "Refused to ..." lines; the answer reads what was collected so far, [] when nothing was refused.
 */
export async function watchCspViolations(page: Page): Promise<() => string[]> {
  const violations: string[] = [];
  await page.exposeFunction("__reportCspViolation", (line: string) => {
    violations.push(line);
  });
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) => {
      const report = (window as unknown as { __reportCspViolation: (line: string) => void }).__reportCspViolation;
      report(
        `${location.pathname}: ${e.effectiveDirective} refused ${e.blockedURI || "(inline)"} ${e.sourceFile}:${e.lineNumber}`,
      );
    });
  });
  page.on("console", (message) => {
    if (message.type() === "error" && /Content Security Policy/i.test(message.text())) {
      violations.push(`console: ${message.text()}`);
    }
  });
  return () => [...violations];
}
