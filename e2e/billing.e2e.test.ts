import { describe, expect, it } from "vitest";
import { apiSignIn, DEMO } from "./support/accounts";
import { accessibilityViolations } from "./support/axe";
import { keepScreenshot, pagePerTest, startProduct } from "./support/fixture";
import { toastText } from "./support/toast";

/** Seeded without a subscription, for trying the card form. */
const PROVIDER_WITHOUT_SUBSCRIPTION = "provider2@demo.automatch.io";

const product = startProduct();
const tab = pagePerTest(product);

async function payWith(cardNumber: string) {
  await tab.page.getByLabel("Card number").fill(cardNumber);
  await tab.page.getByLabel("Expiry (MM / YY)").fill("12 / 34");
  await tab.page.getByLabel("CVC").fill("123");
  await tab.page.getByRole("button", { name: "Subscribe Now" }).click();
}

describe("subscription", () => {
  it("sends anyone but a provider from /subscription to /", async () => {
    await apiSignIn(tab.context, DEMO.client, DEMO.password);
    await tab.page.goto("/subscription");
    await tab.page.waitForURL((url) => url.pathname === "/");
    await tab.page.getByRole("heading", { name: /Welcome back/ }).waitFor();
  });

  it("a provider pays with the demo card: a decline shows 'Payment Failed', the test card activates the trial", async () => {
    const outside: string[] = [];
    tab.page.on("request", (r) => {
      if (!r.url().startsWith(product.baseURL) && !r.url().startsWith("data:")) outside.push(r.url());
    });
    await apiSignIn(tab.context, PROVIDER_WITHOUT_SUBSCRIPTION, DEMO.password);
    await tab.page.goto("/subscription");
    await tab.page.getByRole("heading", { name: "Complete Your Subscription" }).waitFor();
    const plan = await tab.page.getByTestId("plan-card").innerText();
    expect(plan).toContain("$99");
    expect(plan).toContain("/month");
    expect(plan).toContain("Billed monthly");
    expect(plan).toContain("30-day money-back guarantee");
    await tab.page.getByText("Demo card form — no charge").waitFor();
    await keepScreenshot(tab.page, "subscription-form");
    expect(await accessibilityViolations(tab.page)).toEqual([]);

    // A form that is not filled in is caught before any call.
    await tab.page.getByRole("button", { name: "Subscribe Now" }).click();
    await tab.page.getByText("Your card number is incomplete.").waitFor();

    await payWith("4000 0000 0000 0002");
    await tab.page.getByTestId("toast").waitFor();
    expect(await toastText(tab.page)).toContain("Payment Failed");
    expect(await toastText(tab.page)).toContain("Your card was declined.");
    expect(new URL(tab.page.url()).pathname).toBe("/subscription");

    await payWith("4242 4242 4242 4242");
    await tab.page.waitForURL("**/provider-dashboard");
    await expect.poll(() => toastText(tab.page)).toContain("Subscription Activated");
    expect(outside).toEqual([]);

    // Back on the page: the trial, its end date, and the card on file.
    await tab.page.getByRole("link", { name: "Subscription" }).click();
    await tab.page.getByTestId("subscription-status").waitFor();
    expect(await tab.page.getByTestId("subscription-status-badge").innerText()).toBe("Free trial");
    // Fourteen days from the subscription, a few minutes ago at most (a run may straddle midnight).
    const trialEnd = (ago: number) =>
      new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric" }).format(
        Date.now() - ago + 14 * 24 * 60 * 60 * 1000,
      );
    const state = await tab.page.getByTestId("subscription-state").innerText();
    expect([trialEnd(0), trialEnd(5 * 60 * 1000)].map((day) => `Free trial until ${day}`)).toContainEqual(
      state.match(/Free trial until [A-Z][a-z]+ \d{1,2}, \d{4}/)?.[0],
    );
    expect(await tab.page.getByText("Card ending in 4242").count()).toBe(1);
    await keepScreenshot(tab.page, "subscription-trialing");

    // Cancel, through the confirmation dialog; 'Keep subscription' first changes nothing.
    await tab.page.getByRole("button", { name: "Cancel subscription" }).click();
    await tab.page.getByRole("alertdialog").waitFor();
    await tab.page.getByRole("button", { name: "Keep subscription" }).click();
    expect(await tab.page.getByTestId("subscription-status-badge").innerText()).toBe("Free trial");
    await tab.page.getByRole("button", { name: "Cancel subscription" }).click();
    await tab.page.getByRole("alertdialog").getByRole("button", { name: "Cancel subscription" }).click();
    await tab.page.getByRole("heading", { name: "Complete Your Subscription" }).waitFor();
    expect(await tab.page.getByText(/Your previous subscription was canceled on/).count()).toBe(1);
    const me = await tab.context.request.get("/api/subscription");
    expect((await me.json()).status).toBe("canceled");
  });

  it("the demo provider account shows its active demo subscription", async () => {
    await apiSignIn(tab.context, DEMO.provider, DEMO.password);
    await tab.page.goto("/subscription");
    await tab.page.getByTestId("subscription-status").waitFor();
    expect(await tab.page.getByTestId("subscription-status-badge").innerText()).toBe("Active");
    expect(await tab.page.getByTestId("subscription-state").innerText()).toMatch(/^Active\. Renews on .+ at \$99\.$/);
    expect(await tab.page.getByText("Demo billing — no charge.").count()).toBe(1);
    await keepScreenshot(tab.page, "subscription-active");
    expect(await accessibilityViolations(tab.page)).toEqual([]);
  });

  it("a failed read says so and offers to try again, never the card form to a paying provider", async () => {
    await apiSignIn(tab.context, DEMO.provider, DEMO.password);
    let fail = true;
    await tab.page.route("**/api/subscription", (route) =>
      fail ? route.fulfill({ status: 500, body: '{"message":"down"}' }) : route.continue(),
    );
    await tab.page.goto("/subscription");
    await tab.page.getByText("Your subscription could not be loaded").waitFor();
    expect(await tab.page.getByRole("button", { name: "Subscribe Now" }).count()).toBe(0);
    fail = false;
    await tab.page.getByRole("button", { name: "Try Again" }).click();
    await tab.page.getByTestId("subscription-status").waitFor();
    expect(await tab.page.getByTestId("subscription-status-badge").innerText()).toBe("Active");
  });

  it("settings does not offer a new company when the provider's company cannot be read", async () => {
    await apiSignIn(tab.context, DEMO.provider, DEMO.password);
    // The app asks with ?nullIfNone=1 (decision 154): matched by path.
    await tab.page.route(
      (url) => url.pathname === "/api/companies/me",
      (route) =>
        route.request().method() === "GET"
          ? route.fulfill({ status: 500, body: '{"message":"down"}' })
          : route.continue(),
    );
    await tab.page.goto("/settings");
    await tab.page.getByText("Your company profile could not be loaded").waitFor();
    expect(await tab.page.getByRole("link", { name: "Create Company Profile" }).count()).toBe(0);
  });
});
