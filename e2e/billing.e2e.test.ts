import type { BrowserContext, Page } from "playwright-core";
import { beforeEach, describe, expect, it } from "vitest";
import { accessibilityViolations } from "./support/axe";
import { apiSignIn, DEMO, keepScreenshot, startProduct } from "./support/fixture";
import { toastText } from "./support/toast";

/** Seeded without a subscription, for trying the card form. */
const PROVIDER_WITHOUT_SUBSCRIPTION = "provider2@demo.automatch.io";

const product = startProduct();
let context: BrowserContext;
let page: Page;

beforeEach(async () => {
  ({ context, page } = await product.newPage());
});

async function payWith(cardNumber: string) {
  await page.getByLabel("Card number").fill(cardNumber);
  await page.getByLabel("Expiry (MM / YY)").fill("12 / 34");
  await page.getByLabel("CVC").fill("123");
  await page.getByRole("button", { name: "Subscribe Now" }).click();
}

describe("subscription", () => {
  it("sends anyone but a provider from /subscription to /", async () => {
    await apiSignIn(context, DEMO.client, DEMO.password);
    await page.goto("/subscription");
    await page.waitForURL((url) => url.pathname === "/");
    await page.getByRole("heading", { name: /Welcome back/ }).waitFor();
  });

  it("a provider pays with the demo card: a decline shows 'Payment Failed', the test card activates the trial", async () => {
    const outside: string[] = [];
    page.on("request", (r) => {
      if (!r.url().startsWith(product.baseURL) && !r.url().startsWith("data:")) outside.push(r.url());
    });
    await apiSignIn(context, PROVIDER_WITHOUT_SUBSCRIPTION, DEMO.password);
    await page.goto("/subscription");
    await page.getByRole("heading", { name: "Complete Your Subscription" }).waitFor();
    const plan = await page.getByTestId("plan-card").innerText();
    expect(plan).toContain("$99");
    expect(plan).toContain("/month");
    expect(plan).toContain("Billed monthly");
    expect(plan).toContain("30-day money-back guarantee");
    await page.getByText("Demo card form — no charge").waitFor();
    await keepScreenshot(page, "subscription-form");
    expect(await accessibilityViolations(page)).toEqual([]);

    // A form that is not filled in is caught before any call.
    await page.getByRole("button", { name: "Subscribe Now" }).click();
    await page.getByText("Your card number is incomplete.").waitFor();

    await payWith("4000 0000 0000 0002");
    await page.getByTestId("toast").waitFor();
    expect(await toastText(page)).toContain("Payment Failed");
    expect(await toastText(page)).toContain("Your card was declined.");
    expect(new URL(page.url()).pathname).toBe("/subscription");

    await payWith("4242 4242 4242 4242");
    await page.waitForURL("**/provider-dashboard");
    await expect.poll(() => toastText(page)).toContain("Subscription Activated");
    expect(outside).toEqual([]);

    // Back on the page: the trial, its end date, and the card on file.
    await page.getByRole("link", { name: "Subscription" }).click();
    await page.getByTestId("subscription-status").waitFor();
    expect(await page.getByTestId("subscription-status-badge").innerText()).toBe("Free trial");
    // Fourteen days from the subscription, a few minutes ago at most (a run may straddle midnight).
    const trialEnd = (ago: number) =>
      new Date(Date.now() - ago + 14 * 24 * 60 * 60 * 1000).toLocaleDateString("en-US", {
        month: "long",
        day: "numeric",
        year: "numeric",
      });
    const state = await page.getByTestId("subscription-state").innerText();
    expect([trialEnd(0), trialEnd(5 * 60 * 1000)].map((day) => `Free trial until ${day}`)).toContainEqual(
      state.match(/Free trial until [A-Z][a-z]+ \d{1,2}, \d{4}/)?.[0],
    );
    expect(await page.getByText("Card ending in 4242").count()).toBe(1);
    await keepScreenshot(page, "subscription-trialing");

    // Cancel, through the confirmation dialog; 'Keep subscription' first changes nothing.
    await page.getByRole("button", { name: "Cancel subscription" }).click();
    await page.getByRole("alertdialog").waitFor();
    await page.getByRole("button", { name: "Keep subscription" }).click();
    expect(await page.getByTestId("subscription-status-badge").innerText()).toBe("Free trial");
    await page.getByRole("button", { name: "Cancel subscription" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Cancel subscription" }).click();
    await page.getByRole("heading", { name: "Complete Your Subscription" }).waitFor();
    expect(await page.getByText(/Your previous subscription was canceled on/).count()).toBe(1);
    const me = await context.request.get("/api/subscription");
    expect((await me.json()).status).toBe("canceled");
  });

  it("the demo provider account shows its active demo subscription", async () => {
    await apiSignIn(context, DEMO.provider, DEMO.password);
    await page.goto("/subscription");
    await page.getByTestId("subscription-status").waitFor();
    expect(await page.getByTestId("subscription-status-badge").innerText()).toBe("Active");
    expect(await page.getByTestId("subscription-state").innerText()).toMatch(/^Active\. Renews on .+ at \$99\.$/);
    expect(await page.getByText("Demo billing — no charge.").count()).toBe(1);
    await keepScreenshot(page, "subscription-active");
    expect(await accessibilityViolations(page)).toEqual([]);
  });

  it("a failed read says so and offers to try again, never the card form to a paying provider", async () => {
    await apiSignIn(context, DEMO.provider, DEMO.password);
    let fail = true;
    await page.route("**/api/subscription", (route) =>
      fail ? route.fulfill({ status: 500, body: '{"message":"down"}' }) : route.continue(),
    );
    await page.goto("/subscription");
    await page.getByText("Your subscription could not be loaded").waitFor();
    expect(await page.getByRole("button", { name: "Subscribe Now" }).count()).toBe(0);
    fail = false;
    await page.getByRole("button", { name: "Try Again" }).click();
    await page.getByTestId("subscription-status").waitFor();
    expect(await page.getByTestId("subscription-status-badge").innerText()).toBe("Active");
  });

  it("settings does not offer a new company when the provider's company cannot be read", async () => {
    await apiSignIn(context, DEMO.provider, DEMO.password);
    await page.route("**/api/companies/me", (route) =>
      route.request().method() === "GET"
        ? route.fulfill({ status: 500, body: '{"message":"down"}' })
        : route.continue(),
    );
    await page.goto("/settings");
    await page.getByText("Your company profile could not be loaded").waitFor();
    expect(await page.getByRole("link", { name: "Create Company Profile" }).count()).toBe(0);
  });
});
