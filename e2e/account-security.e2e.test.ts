import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { startSmtpServer, type TestSmtpServer } from "../src/server/test/smtp-server";
import { accessibilityViolations } from "./support/axe";
import { keepScreenshot, startProduct, uniqueEmail } from "./support/fixture";

// This file's server sends its mail to a real SMTP server on loopback: account emails carry their
// links to their owner only (the admin's outbox hides them).
let smtp: TestSmtpServer | undefined;
const product = startProduct({
  env: async () => {
    smtp = await startSmtpServer();
    return { SMTP_URL: smtp.url };
  },
});
afterAll(async () => {
  await smtp?.close();
});

let context: BrowserContext;
let page: Page;
beforeEach(async () => {
  ({ context, page } = await product.newPage());
});

/** The body of a received message, with quoted-printable soft breaks and escapes undone. */
function decoded(raw: string): string {
  return raw
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

async function resetLinkFor(email: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      () => {
        const mail = smtp?.received.find((m) => m.rcptTo.includes(email) && m.raw.includes("Reset your password"));
        link = mail ? /https?:\/\/\S+\/reset-password#token=[A-Za-z0-9_-]+/.exec(decoded(mail.raw))?.[0] : undefined;
        return link;
      },
      { timeout: 20_000 },
    )
    .toBeTruthy();
  return link ?? "";
}

describe("forgot password", () => {
  it("a user who forgot the password gets a link by email, chooses a new one and signs in with it", async () => {
    const email = uniqueEmail("e2e-forgot");
    const signUp = await context.request.post("/api/auth/sign-up", {
      data: { firstName: "Alan", lastName: "Turing", email, password: "enigma-bombe-1940" },
    });
    expect(signUp.ok()).toBe(true);
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

    const link = await resetLinkFor(email);
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
    const signUp = await context.request.post("/api/auth/sign-up", {
      data: { firstName: "Charles", lastName: "Babbage", email, password },
    });
    expect(signUp.ok()).toBe(true);
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
