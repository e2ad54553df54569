import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { apiSignIn, DEMO, signUpAndConfirm, uniqueEmail } from "./support/accounts";
import { accessibilityViolations } from "./support/axe";
import { keepScreenshot, startProduct } from "./support/fixture";
import { registerProvider } from "./support/providers";

// The sign-up's confirmation link arrives by email: this file reads it from a local SMTP server.
const product = startProduct({ mail: true });

const DESCRIPTION =
  "We design and run RPA and workflow automation for insurance back offices: claims intake, policy changes, reporting.";

const toastText = (page: Page) => page.getByTestId("toast").innerText();

describe("provider registration and vetting", () => {
  it("a new user registers a company, the admin approves it, and the provider sees it approved", async () => {
    const { context, page } = await product.newPage();
    const companyName = `Brightline Automation ${Date.now()}`;

    // Signed out: the provider landing.
    await page.goto("/provider-registration");
    await page.getByRole("heading", { name: "Join Our Provider Network" }).waitFor();
    for (const text of ["500+", "$50M+", "95%", "24-48h", "$99", "14-day free trial, cancel anytime"]) {
      expect(await page.getByText(text, { exact: true }).count(), text).toBeGreaterThan(0);
    }
    await keepScreenshot(page, "provider-landing");
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.getByRole("link", { name: "Start Free Trial" }).click();
    await page.waitForURL("**/login?returnTo=%2Fprovider-registration");

    // A new account, and straight back to the registration form.
    const email = uniqueEmail("e2e-provider");
    await signUpAndConfirm(page, product, {
      firstName: "Bree",
      lastName: "Builder",
      email,
      password: "robots-do-the-work",
    });
    await page.waitForURL("**/provider-registration");
    await page.getByRole("heading", { name: "Register Your Company" }).waitFor();
    await page.getByRole("heading", { name: "Next Steps" }).waitFor();

    await page.getByLabel("Company Name").fill(companyName);
    await page.getByLabel("Company Description").fill("We automate things.");
    await page.getByLabel("Industry").selectOption("automation");
    await page.getByLabel("Company Size").selectOption("small");
    await page.getByLabel("Website (optional)").fill("https://brightline.example.com");
    await page.getByLabel("Location").fill("Hartford, CT");
    expect(await page.getByLabel("Country").inputValue()).toBe("US");
    const picker = page.getByLabel("Specialties", { exact: true });
    await picker.selectOption("RPA");
    await picker.selectOption("Workflow Automation");
    await picker.selectOption("Data Analytics");
    // Each specialty is offered once; clicking a chip removes it and offers it again.
    expect(await picker.locator("option", { hasText: "RPA" }).count()).toBe(0);
    await page.getByRole("button", { name: "Remove Data Analytics" }).click();
    expect(await page.getByRole("button", { name: /^Remove / }).allInnerTexts()).toEqual([
      "RPA",
      "Workflow Automation",
    ]);
    expect(await picker.locator("option", { hasText: "Data Analytics" }).count()).toBe(1);

    await page.getByRole("button", { name: "Create Company Profile" }).click();
    await page.getByText("Description must be at least 50 characters").waitFor();
    await keepScreenshot(page, "provider-registration-form");
    expect(await accessibilityViolations(page)).toEqual([]);
    expect((await context.request.get("/api/companies/me")).status()).toBe(404);

    await page.getByLabel("Company Description").fill(DESCRIPTION);
    await page.getByRole("button", { name: "Create Company Profile" }).click();
    await expect.poll(() => toastText(page)).toContain("Company Profile Created");
    expect(await toastText(page)).toContain("review and verify");
    await page.getByRole("heading", { name: "Your company profile is under review" }).waitFor();
    expect(await page.getByTestId("company-status").getAttribute("data-status")).toBe("pending");
    expect((await (await context.request.get("/api/auth/user")).json()).userType).toBe("provider");
    await keepScreenshot(page, "provider-registration-under-review");

    // The demo admin approves it in the Providers tab.
    const admin = await product.newPage();
    await apiSignIn(admin.context, DEMO.admin, DEMO.password);
    await admin.page.goto("/admin");
    await admin.page.getByRole("tab", { name: "Providers" }).click();
    await admin.page.waitForURL("**/admin/providers");
    const card = admin.page.getByRole("article", { name: companyName });
    await card.waitFor();
    expect(await card.innerText()).toContain("Bree Builder");
    expect(await card.innerText()).toContain("Hartford, CT, United States");
    await keepScreenshot(admin.page, "admin-providers-tab");
    expect(await accessibilityViolations(admin.page)).toEqual([]);
    await card.getByRole("button", { name: "Approve" }).click();
    await expect.poll(() => toastText(admin.page)).toContain("Provider Approved");
    expect(await toastText(admin.page)).toContain("notified");
    await card.waitFor({ state: "detached" });

    // The provider reloads and sees the approval and the way on to the subscription.
    await page.reload();
    await page.getByRole("heading", { name: "Your company is approved" }).waitFor();
    expect(await page.getByRole("link", { name: "Set Up Your Subscription" }).getAttribute("href")).toBe(
      "/subscription",
    );
    await keepScreenshot(page, "provider-registration-approved");

    // Before subscribing the provider is told why there are no leads.
    await page.goto("/provider-dashboard");
    await page.getByTestId("lead-access-notice").waitFor();

    // It subscribes with the demo card and lands on its dashboard with access to leads.
    await page.getByTestId("lead-access-notice").getByRole("link", { name: "Set Up Your Subscription" }).click();
    await page.waitForURL("**/subscription");
    await page.getByRole("heading", { name: "Complete Your Subscription" }).waitFor();
    await page.getByLabel("Card number").fill("4242 4242 4242 4242");
    await page.getByLabel("Expiry (MM / YY)").fill("12 / 34");
    await page.getByLabel("CVC").fill("123");
    await page.getByRole("button", { name: "Subscribe Now" }).click();
    await expect.poll(() => toastText(page)).toContain("Subscription Activated");
    await page.waitForURL("**/provider-dashboard");
    await page.getByRole("heading", { name: "Provider Dashboard" }).waitFor();
    expect(await page.getByTestId("lead-access-notice").count()).toBe(0);
    const access = await (await context.request.get("/api/leads/access")).json();
    expect(access).toMatchObject({ hasAccess: true, companyStatus: "approved", subscriptionStatus: "trialing" });
    await keepScreenshot(page, "provider-dashboard-after-subscribing");
  });

  it("an admin rejects with a reason; the provider sees it, edits and resubmits", async () => {
    const { context, page } = await product.newPage();
    const companyName = `Cobalt Bots ${Date.now()}`;
    await registerProvider(
      context,
      { firstName: "Cole", lastName: "Cobalt", email: uniqueEmail("e2e-rejected"), password: "cobalt-bots-1" },
      {
        name: companyName,
        description: DESCRIPTION,
        industry: "ai",
        website: "",
        location: "Lyon",
        country: "FR",
        size: "startup",
        specialties: ["AI/Machine Learning"],
      },
    );

    const admin = await product.newPage();
    await apiSignIn(admin.context, DEMO.admin, DEMO.password);
    await admin.page.goto("/admin/providers");
    const card = admin.page.getByRole("article", { name: companyName });
    await card.getByRole("button", { name: "Reject" }).click();
    const dialog = admin.page.getByRole("dialog", { name: `Reject ${companyName}?` });
    await dialog.getByLabel("Reason (optional)").fill("Please add a company website.");
    await keepScreenshot(admin.page, "admin-reject-dialog");
    expect(await accessibilityViolations(admin.page)).toEqual([]);
    await dialog.getByRole("button", { name: "Reject Provider" }).click();
    await expect.poll(() => toastText(admin.page)).toContain("Provider Rejected");
    await dialog.waitFor({ state: "detached" });
    await card.waitFor({ state: "detached" });

    await page.goto("/provider-registration");
    await page.getByRole("heading", { name: "Your company profile was not approved" }).waitFor();
    expect(await page.getByTestId("company-status").innerText()).toContain("Please add a company website.");
    await keepScreenshot(page, "provider-registration-rejected");
    await page.getByLabel("Website (optional)").fill("https://cobalt.example.fr");
    await page.getByRole("button", { name: "Resubmit for Review" }).click();
    await expect.poll(() => toastText(page)).toContain("Profile Resubmitted");
    await page.getByRole("heading", { name: "Your company profile is under review" }).waitFor();

    await admin.page.reload();
    await admin.page.getByRole("article", { name: companyName }).waitFor();
  });
});
