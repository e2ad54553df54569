// The admin's side of the browser tests: a page signed in as the demo admin, and the portal's toasts.
import type { Page } from "playwright-core";
import { apiSignIn, DEMO } from "./accounts";
import type { Product } from "./fixture";

/** A new page (in a browser context of its own) signed in as the demo admin. */
export async function adminPage(product: Product) {
  const opened = await product.newPage();
  await apiSignIn(opened.context, DEMO.admin, DEMO.password);
  return opened;
}

/** The text of the first status message with text in it: what the admin portal's toasts say. */
export const statusText = (page: Page) => page.getByRole("status").filter({ hasText: /\w/ }).first().innerText();
