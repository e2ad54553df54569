// What the browser tests read of a toast, and how they close one.
import type { Page } from "playwright-core";

/** The first toast's text, its white space folded into single spaces. */
export const toastText = async (page: Page) =>
  (await page.getByTestId("toast").first().innerText()).replace(/\s+/g, " ");

/**
 * Closes the toast on screen, as a person does before going on: it sits at the bottom right, over a
 * form's last buttons, and while the pointer rests on it it stays (Radix pauses its 5 s on hover), so a
 * click aimed at a button beneath it would wait for ever.
 */
export async function closeToast(page: Page): Promise<void> {
  const toast = page.getByTestId("toast");
  await toast.getByRole("button", { name: "Close" }).click();
  await toast.waitFor({ state: "detached" });
}
