// A newcomer's first hour without SMTP (decision 159): the emails the product writes are read in the
// local mailbox, whose links confirm the account and reset the password.
import { describe, expect, it } from "vitest";
import { newPerson, signInThroughForm, signUpThroughForm } from "./support/accounts";
import { accessibilityViolations } from "./support/axe";
import { keepScreenshot, pagePerTest, startProduct } from "./support/fixture";

// No SMTP server: this file's server keeps its mail in the local mailbox.
const product = startProduct();
const tab = pagePerTest(product);

/** From the mailbox, the email to `to` whose subject is `subject`, opened; then its link to `path` followed. */
async function openLinkIn(to: string, subject: string, linkPath: string): Promise<void> {
  const { page } = tab;
  await page.goto("/dev/mailbox");
  await page.getByRole("heading", { name: "Local mailbox" }).waitFor();
  await page.getByLabel("Recipient").fill(to);
  await page.getByRole("button", { name: "Filter" }).click();
  await page.getByRole("link", { name: subject }).first().click();
  await page.getByRole("heading", { name: subject }).waitFor();
  await page.locator(`a[href*="${linkPath}"]`).first().click();
}

describe("the local mailbox", () => {
  it("a newcomer signs up, confirms the address from the mailbox, then resets a forgotten password through it", async () => {
    const person = newPerson("Grace", "Hopper", "e2e-mailbox");
    const { page } = tab;
    await page.goto("/login");
    await signUpThroughForm(page, person);
    await page.getByRole("heading", { name: "Check your inbox" }).waitFor();

    await page.goto("/dev/mailbox");
    await page.getByRole("heading", { name: "Local mailbox" }).waitFor();
    expect(await page.getByRole("note").innerText()).toContain("No SMTP server is configured (SMTP_URL)");
    expect(await accessibilityViolations(page)).toEqual([]);
    await keepScreenshot(page, "local-mailbox");

    await openLinkIn(person.email, "Confirm your email address", "/verify-email#");
    await page.waitForURL((url) => url.pathname === "/");
    await page.getByRole("heading", { name: "Welcome back, Grace!" }).waitFor();

    // Signed out, the password forgotten.
    await page.context().clearCookies();
    await page.goto("/forgot-password");
    await page.getByRole("heading", { name: "Forgot your password?" }).waitFor();
    await page.getByLabel("Email").fill(person.email);
    await page.getByRole("button", { name: "Send Reset Link" }).click();
    await page.getByText("If an account uses that email, we have sent it a link").waitFor();

    await openLinkIn(person.email, "Reset your password", "/reset-password#");
    await page.getByRole("heading", { name: "Choose a new password" }).waitFor();
    await page.getByLabel("New password").fill("nanosecond-wire-1985");
    await page.getByRole("button", { name: "Set New Password" }).click();
    await page.waitForURL((url) => url.pathname === "/login");
    await signInThroughForm(page, person.email, "nanosecond-wire-1985");
    await page.getByRole("heading", { name: "Welcome back, Grace!" }).waitFor();
  });
});
