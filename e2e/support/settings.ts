// Settings as a role sees it: the page opened signed in as one of the demo accounts.
import type { BrowserContext, Locator, Page } from "playwright-core";
import { expect } from "vitest";
import { apiSignIn, DEMO } from "./accounts";
import { accessibilityViolations } from "./axe";
import { keepScreenshot } from "./fixture";

/** Signs the tab in as `email` (a demo account) and opens Settings, once its account cards are shown. */
export async function openSettingsAs(tab: { context: BrowserContext; page: Page }, email: string): Promise<void> {
  await apiSignIn(tab.context, email, DEMO.password);
  await tab.page.goto("/settings");
  await tab.page.getByRole("heading", { name: "Profile" }).waitFor();
}

/**
 * Signs the tab in as the demo provider, the clipboard allowed (a card's copy button), and opens Settings
 * at the section of one of its cards, as the link of an email about it does: the card, once its heading
 * shows and its section has scrolled to the top of the window.
 */
export async function openProviderSettingsAt(
  tab: { context: BrowserContext; page: Page },
  section: string,
  heading: string,
): Promise<Locator> {
  await tab.context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await apiSignIn(tab.context, DEMO.provider, DEMO.password);
  await tab.page.goto(`/settings#${section}`);
  const card = tab.page.getByTestId(`${section}-card`);
  await card.getByRole("heading", { name: heading }).waitFor();
  const sectionTop = () =>
    tab.page.locator(`#${section}`).evaluate((element) => Math.round(element.getBoundingClientRect().top));
  await expect.poll(sectionTop).toBeLessThan(100);
  expect(await sectionTop()).toBeGreaterThanOrEqual(0);
  return card;
}

/**
 * A secret Settings shows once (an API token, a webhook's signing secret), in `box`: its field has the
 * focus (for the keyboard's copy and a screen reader's reading of the warning), Copy puts it on the
 * clipboard, the page passes the scan and is kept as the screenshot `name`, and Done closes what `shown`
 * finds for good.
 */
export async function copySecretOnce(
  page: Page,
  secret: { box: Locator; field: Locator; value: string; shown: Locator },
  name: string,
): Promise<void> {
  expect(await secret.field.evaluate((el) => el === document.activeElement)).toBe(true);
  await secret.box.getByRole("button", { name: "Copy" }).click();
  await secret.box.getByRole("button", { name: "Copied" }).waitFor();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret.value);
  expect(await accessibilityViolations(page)).toEqual([]);
  await keepScreenshot(page, name);
  await secret.box.getByRole("button", { name: "Done" }).click();
  await expect.poll(() => secret.shown.count()).toBe(0);
}
