import type { Page } from "playwright-core";

/**
 * Collects what the page reports as errors: the console's error lines (a failed request's status among
 * them, with its address) and uncaught exceptions (`pageerror`). `take()` answers what came since the
 * last take and starts afresh, so a check after each visit names the page that failed:
 * `expect(errors.take(), path).toEqual([])`. Issue 30: ordinary pages in normal use log no error.
 */
export function watchConsoleErrors(page: Page): { take: () => string[] } {
  let errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() !== "error") return;
    const where = message.location().url;
    errors.push(`${message.text()}${where ? ` (${where})` : ""}`);
  });
  page.on("pageerror", (error) => errors.push(`uncaught: ${error.message}`));
  return {
    take: () => {
      const taken = errors;
      errors = [];
      return taken;
    },
  };
}
