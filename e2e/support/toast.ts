// What the browser tests read of a toast.
import type { Page } from "playwright-core";

/** The first toast's text, its white space folded into single spaces. */
export const toastText = async (page: Page) =>
  (await page.getByTestId("toast").first().innerText()).replace(/\s+/g, " ");
