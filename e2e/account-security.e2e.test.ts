import type { BrowserContext, Page } from "playwright-core";
import { beforeEach, describe, expect, it } from "vitest";
import { accessibilityViolations } from "./support/axe";
import { apiSignUp, keepScreenshot, startProduct, uniqueEmail } from "./support/fixture";

// Account emails carry their links to their owner only: this file's server mails a local SMTP server.
const product = startProduct({ mail: true });

let context: BrowserContext;
let page: Page;
beforeEach(async () => {
  ({ context, page } = await product.newPage());
});

describe("forgot password", () => {
  it("a user who forgot the password gets a link by email, chooses a new one and signs in with it", async () => {
    const email = uniqueEmail("e2e-forgot");
    await apiSignUp(context, { firstName: "Alan", lastName: "Turing", email, password: "enigma-bombe-1940" });
    // Another browser stays signed in: the reset signs it out.
    const other = await product.newContext();
    expect(
      (await other.request.post("/api/auth/sign-in", { data: { email, password: "enigma-bombe-1940" } })).ok(),
    ).toBe(true);
    await context.clearCookies();

    await page.goto("/login");
    await page.getByRole("link", { name: "Forgot password?" }).click();
    await page.waitForURL("**/forgot-password");
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Send Reset Link" }).click();
    await expect
      .poll(() => page.getByRole("status").innerText())
      .toContain("If an account uses that email, we have sent it a link");
    await keepScreenshot(page, "forgot-password-sent");

    const link = await product.linkIn(email, "Reset your password", "/reset-password#");
    await page.goto(link);
    await page.getByRole("heading", { name: "Choose a new password" }).waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
    // The server refuses a common password, at the field, saying why.
    await page.getByLabel("New password").fill("password123");
    await page.getByRole("button", { name: "Set New Password" }).click();
    await page.getByText(/Password is too easy to guess/).waitFor();
    await keepScreenshot(page, "reset-password-weak");
    await page.getByLabel("New password").fill("turing-machine-1936");
    await page.getByRole("button", { name: "Set New Password" }).click();

    await page.waitForURL((url) => url.pathname === "/login");
    await expect.poll(() => page.getByRole("status").innerText()).toContain("Your password was changed");
    expect((await other.request.get("/api/auth/user")).status()).toBe(401);
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill("turing-machine-1936");
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.getByRole("heading", { name: "Welcome back, Alan!" }).waitFor();

    // The link worked once.
    await page.goto(link);
    await page.getByLabel("New password").fill("another-machine-1950");
    await page.getByRole("button", { name: "Set New Password" }).click();
    await page.getByText("This link has expired or has already been used. Ask for a new one.").waitFor();
  });
});

describe("sessions", () => {
  it("Settings lists where the account is signed in; the user signs out another device, then everywhere", async () => {
    const email = uniqueEmail("e2e-sessions");
    const password = "difference-engine-1822";
    await apiSignUp(context, { firstName: "Charles", lastName: "Babbage", email, password }, product);
    // A phone signed in too.
    const phone = await product.newContext();
    const phoneSignIn = await phone.request.post("/api/auth/sign-in", {
      data: { email, password },
      headers: {
        "user-agent":
          "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1",
      },
    });
    expect(phoneSignIn.ok()).toBe(true);

    await page.goto("/settings");
    const sessions = page.getByRole("list", { name: "Sessions" });
    await expect.poll(() => sessions.getByTestId("session").count()).toBe(2);
    expect(await sessions.getByTestId("session").first().innerText()).toContain("This device");
    expect(await sessions.getByTestId("session").nth(1).innerText()).toContain("Safari on iOS");
    expect(await accessibilityViolations(page)).toEqual([]);
    await keepScreenshot(page, "settings-sessions");

    await sessions.getByRole("button", { name: /Sign out Safari on iOS/ }).click();
    await expect.poll(() => sessions.getByTestId("session").count()).toBe(1);
    expect((await phone.request.get("/api/auth/user")).status()).toBe(401);

    await page.getByRole("button", { name: "Sign Out Everywhere" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Sign Out Everywhere" }).click();
    await page.waitForURL((url) => url.pathname === "/");
    expect((await context.request.get("/api/auth/user")).status()).toBe(401);
  });
});

describe("email address", () => {
  it("an unconfirmed account is asked to confirm, gets another link, confirms, then moves to a new address", async () => {
    const email = uniqueEmail("e2e-confirm");
    const password = "ada-byron-king-1815";
    await apiSignUp(context, { firstName: "Augusta", lastName: "King", email, password });

    await page.goto("/settings");
    const banner = page.getByRole("region", { name: "Confirm your email" });
    await banner.waitFor();
    expect(await banner.innerText()).toContain(
      "Your quote requests go to providers, and providers see your contact details, only once it is confirmed.",
    );
    expect(await accessibilityViolations(page)).toEqual([]);
    await keepScreenshot(page, "confirm-email-banner");
    await banner.getByRole("button", { name: "Send the Link Again" }).click();
    await expect.poll(() => banner.getByRole("status").innerText()).toContain(`We have sent a link to ${email}.`);
    await page.goto(await product.linkIn(email, "Confirm your email", "/verify-email#"));
    await page.waitForURL((url) => url.pathname === "/");
    await page.goto("/settings");
    await page.getByRole("heading", { name: "Email" }).waitFor();
    expect(await page.getByRole("region", { name: "Confirm your email" }).count()).toBe(0);

    // A new address takes effect only once the link sent to it is opened.
    const next = uniqueEmail("e2e-moved");
    await page.getByLabel("New email").fill(next);
    await page.getByLabel("Current password", { exact: true }).first().fill(password);
    await page.getByRole("button", { name: "Change Email" }).click();
    await expect.poll(() => page.getByText(`We have sent a link to ${next}.`).count()).toBe(1);
    await page.goto(await product.linkIn(next, "Confirm your new email", "/verify-email#"));
    await page.waitForURL((url) => url.pathname === "/settings");
    await expect.poll(() => page.getByText(`${next} (confirmed)`).count()).toBe(1);
  });
});
