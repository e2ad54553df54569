import { describe, expect, it } from "vitest";
import { apiSignUp, signInThroughForm, uniqueEmail } from "./support/accounts";
import { accessibilityViolations } from "./support/axe";
import { keepScreenshot, pagePerTest, startProduct } from "./support/fixture";

// Account emails carry their links to their owner only: this file's server mails a local SMTP server.
const product = startProduct({ mail: true });

const tab = pagePerTest(product);

describe("forgot password", () => {
  it("a user who forgot the password gets a link by email, chooses a new one and signs in with it", async () => {
    const email = uniqueEmail("e2e-forgot");
    await apiSignUp(tab.context, { firstName: "Alan", lastName: "Turing", email, password: "enigma-bombe-1940" });
    // Another browser stays signed in: the reset signs it out.
    const other = await product.newContext();
    expect(
      (await other.request.post("/api/auth/sign-in", { data: { email, password: "enigma-bombe-1940" } })).ok(),
    ).toBe(true);
    await tab.context.clearCookies();

    await tab.page.goto("/login");
    await tab.page.getByRole("link", { name: "Forgot password?" }).click();
    await tab.page.waitForURL("**/forgot-password");
    // The URL changes at once, but the login page stays on screen while the next page's code loads (a
    // navigation is a React transition): its Email field is the login's until the new heading shows.
    await tab.page.getByRole("heading", { name: "Forgot your password?" }).waitFor();
    expect(await accessibilityViolations(tab.page)).toEqual([]);
    await tab.page.getByLabel("Email").fill(email);
    await tab.page.getByRole("button", { name: "Send Reset Link" }).click();
    await expect
      .poll(() => tab.page.getByRole("status").innerText())
      .toContain("If an account uses that email, we have sent it a link");
    await keepScreenshot(tab.page, "forgot-password-sent");

    const link = await product.linkIn(email, "Reset your password", "/reset-password#");
    await tab.page.goto(link);
    await tab.page.getByRole("heading", { name: "Choose a new password" }).waitFor();
    expect(await accessibilityViolations(tab.page)).toEqual([]);
    // The server refuses a common password, at the field, saying why.
    await tab.page.getByLabel("New password").fill("password123");
    await tab.page.getByRole("button", { name: "Set New Password" }).click();
    await tab.page.getByText(/Password is too easy to guess/).waitFor();
    await keepScreenshot(tab.page, "reset-password-weak");
    await tab.page.getByLabel("New password").fill("turing-machine-1936");
    await tab.page.getByRole("button", { name: "Set New Password" }).click();

    await tab.page.waitForURL((url) => url.pathname === "/login");
    await expect.poll(() => tab.page.getByRole("status").innerText()).toContain("Your password was changed");
    expect((await other.request.get("/api/auth/user")).status()).toBe(401);
    await signInThroughForm(tab.page, email, "turing-machine-1936");
    await tab.page.getByRole("heading", { name: "Welcome back, Alan!" }).waitFor();

    // The link worked once.
    await tab.page.goto(link);
    await tab.page.getByLabel("New password").fill("another-machine-1950");
    await tab.page.getByRole("button", { name: "Set New Password" }).click();
    await tab.page.getByText("This link has expired or has already been used. Ask for a new one.").waitFor();
  });
});

describe("sessions", () => {
  it("Settings lists where the account is signed in; the user signs out another device, then everywhere", async () => {
    const email = uniqueEmail("e2e-sessions");
    const password = "difference-engine-1822";
    await apiSignUp(tab.context, { firstName: "Charles", lastName: "Babbage", email, password }, product);
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

    await tab.page.goto("/settings");
    const sessions = tab.page.getByRole("list", { name: "Sessions" });
    await expect.poll(() => sessions.getByTestId("session").count()).toBe(2);
    expect(await sessions.getByTestId("session").first().innerText()).toContain("This device");
    expect(await sessions.getByTestId("session").nth(1).innerText()).toContain("Safari on iOS");
    expect(await accessibilityViolations(tab.page)).toEqual([]);
    await keepScreenshot(tab.page, "settings-sessions");

    await sessions.getByRole("button", { name: /Sign out Safari on iOS/ }).click();
    await expect.poll(() => sessions.getByTestId("session").count()).toBe(1);
    expect((await phone.request.get("/api/auth/user")).status()).toBe(401);

    // This browser goes home within the page, once: a page load started beside that move was still
    // under way when the test closed the browser, and Chromium can hang closing a page mid-load.
    const pageLoads: string[] = [];
    tab.page.on("request", (request) => {
      if (request.isNavigationRequest()) pageLoads.push(request.url());
    });
    await tab.page.getByRole("button", { name: "Sign Out Everywhere" }).click();
    await tab.page.getByRole("alertdialog").getByRole("button", { name: "Sign Out Everywhere" }).click();
    await tab.page.waitForURL((url) => url.pathname === "/");
    await tab.page.getByRole("heading", { level: 1, name: "Find Vetted Automation Providers in 48 Hours" }).waitFor();
    expect(pageLoads).toEqual([]);
    expect((await tab.context.request.get("/api/auth/user")).status()).toBe(401);
  });
});

describe("email address", () => {
  it("an unconfirmed account is asked to confirm, gets another link, confirms, then moves to a new address", async () => {
    const email = uniqueEmail("e2e-confirm");
    const password = "ada-byron-king-1815";
    await apiSignUp(tab.context, { firstName: "Augusta", lastName: "King", email, password });

    await tab.page.goto("/settings");
    const banner = tab.page.getByRole("region", { name: "Confirm your email" });
    await banner.waitFor();
    expect(await banner.innerText()).toContain(
      "Your quote requests go to providers, and providers see your contact details, only once it is confirmed.",
    );
    expect(await accessibilityViolations(tab.page)).toEqual([]);
    await keepScreenshot(tab.page, "confirm-email-banner");
    await banner.getByRole("button", { name: "Send the Link Again" }).click();
    await expect.poll(() => banner.getByRole("status").innerText()).toContain(`We have sent a link to ${email}.`);
    await tab.page.goto(await product.linkIn(email, "Confirm your email", "/verify-email#"));
    await tab.page.waitForURL((url) => url.pathname === "/");
    await tab.page.goto("/settings");
    await tab.page.getByRole("heading", { name: "Email" }).waitFor();
    expect(await tab.page.getByRole("region", { name: "Confirm your email" }).count()).toBe(0);

    // A new address takes effect only once the link sent to it is opened.
    const next = uniqueEmail("e2e-moved");
    await tab.page.getByLabel("New email").fill(next);
    await tab.page.getByLabel("Current password", { exact: true }).first().fill(password);
    await tab.page.getByRole("button", { name: "Change Email" }).click();
    await expect.poll(() => tab.page.getByText(`We have sent a link to ${next}.`).count()).toBe(1);
    await tab.page.goto(await product.linkIn(next, "Confirm your new email", "/verify-email#"));
    await tab.page.waitForURL((url) => url.pathname === "/settings");
    await expect.poll(() => tab.page.getByText(`${next} (confirmed)`).count()).toBe(1);
  });
});
