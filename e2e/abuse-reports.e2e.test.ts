// Moderation in the admin portal (issue 16, decisions 134 and 135), as an admin uses it: the Alerts tab
// leads to the reported messages, and the Users tab suspends an account, whose open page is signed
// out and whose sign-in then says why; reinstating lets it back in. Reports themselves need messages,
// which the conversation API writes: the API tests (src/server/features/reports) cover them.
import type { Page } from "playwright-core";
import { beforeEach, describe, expect, it } from "vitest";
import { apiSignUp, signInThroughForm, uniqueEmail } from "./support/accounts";
import { adminPage, statusText } from "./support/admin";
import { accessibilityViolations } from "./support/axe";
import { keepScreenshot, startProduct } from "./support/fixture";

const product = startProduct();
let page: Page;

beforeEach(async () => {
  ({ page } = await adminPage(product));
});

describe("moderation", () => {
  it("the Alerts tab shows the reported messages' card, which opens the Reports tab", async () => {
    await page.goto("/admin/alerts");
    const card = page.getByRole("link", { name: /Reported messages/ });
    await expect.poll(() => card.innerText()).toContain("0 open");
    await card.click();
    await page.getByRole("tab", { name: "Reports", selected: true }).waitFor();
    await page.getByRole("heading", { name: "Reported messages" }).waitFor();
    await page.getByText("No reported messages here.").waitFor();
    expect(await page.getByLabel("Show").inputValue()).toBe("open");
    expect(await accessibilityViolations(page)).toEqual([]);
    await keepScreenshot(page, "admin-reports-empty");
  });

  it("suspending an account signs its open page out and refuses its sign-in; reinstating lets it back", async () => {
    const userCtx = await product.newContext();
    const email = uniqueEmail("e2e-suspended");
    const password = "suspended-pass-123";
    await apiSignUp(userCtx, { firstName: "Sam", lastName: "Spammer", email, password });
    const userPage = await userCtx.newPage();
    await userPage.goto("/dashboard");
    await userPage.getByRole("heading", { level: 1 }).first().waitFor();

    await page.goto(`/admin/users?q=${encodeURIComponent(email)}`);
    const row = page.getByTestId("admin-user-row").filter({ hasText: email });
    await row.getByRole("button", { name: "Suspend" }).click();
    const dialog = page.getByRole("dialog", { name: `Suspend ${email}?` });
    await dialog.getByRole("button", { name: "Suspend account" }).click();
    await dialog.getByText("Write a reason.").waitFor();
    await dialog.getByLabel("Reason").fill("Sent spam to three providers");
    expect(await accessibilityViolations(page)).toEqual([]);
    await dialog.getByRole("button", { name: "Suspend account" }).click();
    await expect.poll(() => statusText(page)).toContain("Account suspended");
    await expect.poll(() => row.innerText()).toContain("SUSPENDED");

    // The user's session is over: the next request is refused, and the dashboard sends them away.
    expect((await userCtx.request.get("/api/auth/user")).status()).toBe(401);
    await userPage.goto("/dashboard");
    await userPage.waitForURL((url) => url.pathname !== "/dashboard");
    await userPage.goto("/login");
    await signInThroughForm(userPage, email, password);
    await userPage.getByText("This account is suspended. Contact support.").waitFor();

    await row.getByRole("button", { name: "Reinstate" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Reinstate" }).click();
    await expect.poll(() => statusText(page)).toContain("Account reinstated");
    await expect.poll(() => row.innerText()).not.toContain("SUSPENDED");
    await userPage.getByRole("button", { name: "Sign in" }).click();
    await userPage.waitForURL((url) => url.pathname !== "/login");

    await page.goto("/admin/activity");
    const entry = page.getByTestId("activity-entry").first();
    await expect.poll(() => entry.innerText()).toContain("Reinstate user");
    expect(await page.getByTestId("activity-entry").nth(1).innerText()).toContain("Sent spam to three providers");
  });
});
