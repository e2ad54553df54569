// Settings as a role sees it: the page opened signed in as one of the demo accounts.
import type { BrowserContext, Page } from "playwright-core";
import { apiSignIn, DEMO } from "./fixture";

/** Signs the tab in as `email` (a demo account) and opens Settings, once its account cards are shown. */
export async function openSettingsAs(tab: { context: BrowserContext; page: Page }, email: string): Promise<void> {
  await apiSignIn(tab.context, email, DEMO.password);
  await tab.page.goto("/settings");
  await tab.page.getByRole("heading", { name: "Profile" }).waitFor();
}
