import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { apiSignIn, DEMO, uniqueEmail } from "./support/accounts";
import { accessibilityViolations } from "./support/axe";
import { keepScreenshot, startProduct } from "./support/fixture";
import { registerProvider, workflowCompany } from "./support/providers";

const product = startProduct();

const bell = (page: Page) => page.getByTestId("notification-bell");
const bellLabel = (page: Page) => bell(page).getAttribute("aria-label");

/** A new user with a company waiting for review, signed in in `context`. */
const pendingProvider = (context: BrowserContext, companyName: string) =>
  registerProvider(
    context,
    { firstName: "Nia", lastName: "Notified", email: uniqueEmail("e2e-bell"), password: "bells-and-whistles" },
    workflowCompany(companyName),
  );

describe("notifications", () => {
  it("an approved provider finds the news in the bell, follows it, and marks the rest read", async () => {
    const { context, page } = await product.newPage();
    const companyName = `Bellwether Flows ${Date.now()}`;
    await pendingProvider(context, companyName);
    // The bell reads its list on its own; its answer, not its loading state, is what is checked.
    const bellLoaded = page.waitForResponse((r) => new URL(r.url()).pathname === "/api/notifications");
    await page.goto("/settings");
    await page.getByRole("heading", { name: "Settings" }).waitFor();
    expect((await bellLoaded).ok()).toBe(true);
    expect(await bellLabel(page)).toBe("Notifications");
    expect(await page.getByTestId("notification-count").count()).toBe(0);

    // The admin approves the company in the Providers tab.
    const admin = await product.newPage();
    await apiSignIn(admin.context, DEMO.admin, DEMO.password);
    await admin.page.goto("/admin/providers");
    const card = admin.page.getByRole("article", { name: companyName });
    await card.getByRole("button", { name: "Approve" }).click();
    await card.waitFor({ state: "detached" });

    // Without a reload: the bell polls (every 30 s) and shows the unread count.
    await expect.poll(() => bellLabel(page), { timeout: 45_000, interval: 1000 }).toBe("Notifications, 1 unread");
    expect(await page.getByTestId("notification-count").innerText()).toBe("1");

    await bell(page).click();
    const panel = page.getByRole("dialog", { name: "Notifications" });
    await panel.waitFor();
    const item = panel.getByTestId("notification-item");
    expect(await item.count()).toBe(1);
    expect(await item.innerText()).toContain("Your company profile is approved");
    expect(await item.innerText()).toContain(`${companyName} has been approved`);
    await keepScreenshot(page, "notification-bell-open");
    expect(await accessibilityViolations(page)).toEqual([]);

    // Following it leads to its page and marks it read.
    await item.click();
    await page.waitForURL("**/subscription");
    await expect.poll(() => bellLabel(page)).toBe("Notifications");
    expect(await page.getByTestId("notification-count").count()).toBe(0);

    // The provider starts the free trial. Now eligible, and in the US, it is also sent the demo
    // client's US-only request, which only the demo provider had, as a lead (in the background): two
    // unread news, and "Mark all as read" clears them.
    const started = await context.request.post("/api/create-subscription");
    const { clientSecret } = await started.json();
    const confirmed = await context.request.post("/api/subscription/demo/confirm", {
      data: { clientSecret, cardNumber: "4242424242424242", expiry: "12 / 34", cvc: "123" },
    });
    expect(confirmed.ok()).toBe(true);
    await expect
      .poll(async () => (await (await context.request.get("/api/leads/me")).json()).length, { timeout: 30_000 })
      .toBe(1);
    await page.goto("/provider-dashboard");
    await expect.poll(() => bellLabel(page)).toBe("Notifications, 2 unread");
    await bell(page).click();
    await panel.waitFor();
    // With the approval, read since.
    const items = panel.getByTestId("notification-item");
    expect(await items.count()).toBe(3);
    expect(await items.filter({ hasText: "Your free trial has started" }).count()).toBe(1);
    expect(await items.filter({ hasText: "New lead" }).count()).toBe(1);
    await panel.getByRole("button", { name: "Mark all as read" }).click();
    await expect.poll(() => bellLabel(page)).toBe("Notifications");
    expect(await panel.getByRole("button", { name: "Mark all as read" }).isDisabled()).toBe(true);
    await page.keyboard.press("Escape");
    await panel.waitFor({ state: "detached" });

    // The admin reads both emails in the outbox (no SMTP server in this run).
    await admin.page.goto("/admin/emails");
    await admin.page.getByRole("heading", { name: /^Email Outbox/ }).waitFor();
    await admin.page.getByText("No SMTP server is configured").waitFor();
    expect(await admin.page.getByRole("link", { name: "local mailbox" }).getAttribute("href")).toBe("/dev/mailbox");
    const approvalEmail = admin.page.getByTestId("outbox-email").filter({ hasText: `${companyName} is approved` });
    await approvalEmail.waitFor();
    await approvalEmail.locator("summary").click();
    await approvalEmail.getByText("Set up your subscription to start receiving leads.").waitFor();
    await keepScreenshot(admin.page, "admin-email-outbox");
    expect(await accessibilityViolations(admin.page)).toEqual([]);
  });

  it("keeps an email preference after a reload, and the bell works at 375 px", async () => {
    const { context, page } = await product.newPage({ width: 375 });
    await pendingProvider(context, `Quiet Gears ${Date.now()}`);
    await page.goto("/settings");
    const box = page.getByRole("checkbox", { name: "Company approved" });
    await box.waitFor();
    expect(await box.isChecked()).toBe(true);
    await box.uncheck();
    await expect.poll(() => page.getByTestId("toast").innerText()).toContain("Preferences Saved");
    await page.reload();
    await page.getByRole("checkbox", { name: "Company approved" }).waitFor();
    expect(await page.getByRole("checkbox", { name: "Company approved" }).isChecked()).toBe(false);
    expect(await page.getByRole("checkbox", { name: "Company not approved" }).isChecked()).toBe(true);
    await keepScreenshot(page, "notification-preferences-375");
    expect(await accessibilityViolations(page)).toEqual([]);

    await bell(page).click();
    const panel = page.getByRole("dialog", { name: "Notifications" });
    await panel.getByText("No notifications yet.").waitFor();
    const boxOf = await panel.boundingBox();
    expect(boxOf?.x).toBeGreaterThanOrEqual(0);
    expect((boxOf?.x ?? 0) + (boxOf?.width ?? 0)).toBeLessThanOrEqual(375);
    await keepScreenshot(page, "notification-bell-375");
    expect(await accessibilityViolations(page)).toEqual([]);
  });
});
