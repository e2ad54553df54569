import { describe, expect, it } from "vitest";
import { validQuoteRequestBody } from "@/shared/quote-requests.fixtures";
import { apiSignIn, apiSignUp, DEMO, newPerson } from "./support/accounts";
import { keepScreenshot, pagePerTest, startProduct } from "./support/fixture";
import { submitThroughWizard, wizardAnswersFor } from "./support/wizard";

// With mail: a new client confirms its address, without which its requests reach no provider (decision 150).
const product = startProduct({ mail: true });
const tab = pagePerTest(product);

describe("lead delivery", () => {
  it("a client's request reaches the provider, who sees its score and reasons, opens it, and it becomes viewed", async () => {
    // The client signs up and submits through the wizard.
    const title = `Invoice intake ${Date.now()}`;
    await apiSignUp(tab.context, newPerson("Quinn", "Client", "e2e-match"), product);
    // The valid wizard's invoice keying into SAP, work the demo provider is matched to, from Quinn.
    const body = validQuoteRequestBody({
      title,
      requirements: {
        fullName: "Quinn Client",
        email: "quinn@example.com",
        companyName: "Quinn Finance",
        location: "Denver, CO",
      },
    });
    await submitThroughWizard(tab.page, wizardAnswersFor(body));
    await tab.context.clearCookies();

    // The demo provider (approved, subscribed) receives it through the background job.
    await apiSignIn(tab.context, DEMO.provider, DEMO.password);
    await expect
      .poll(
        async () => {
          const leads = await (await tab.context.request.get("/api/leads/me")).json();
          return leads.some((l: { title: string }) => l.title === title);
        },
        { timeout: 30_000 },
      )
      .toBe(true);

    await tab.page.goto("/provider-dashboard");
    await tab.page.getByRole("heading", { name: "Provider Dashboard" }).waitFor();
    const row = tab.page.getByTestId("lead-row").filter({ hasText: title });
    await row.waitFor();
    expect(await row.getByTestId("lead-status").innerText()).toBe("New");
    expect(await row.innerText()).toMatch(/Lead #\d+/);
    expect(await row.innerText()).toMatch(/Match Score \d+%/);
    // The cards count the demo provider's past (decision 103) and this lead, new among the new ones.
    const figures = await (await tab.context.request.get("/api/analytics/me")).json();
    expect(figures.newLeads).toBeGreaterThanOrEqual(1);
    expect(figures.quotesSent).toBeGreaterThan(0);
    const cards = (await tab.page.getByTestId("stat-card").allInnerTexts()).map((c) => c.replace(/\s+/g, " ").trim());
    expect(cards).toEqual([
      `New Leads ${figures.newLeads}`,
      `Total Leads ${figures.pipeline.leads}`,
      `Quotes Sent ${figures.quotesSent}`,
      `Win Rate ${figures.winRate}%`,
    ]);
    await keepScreenshot(tab.page, "provider-dashboard");

    await row.getByRole("link", { name: /View Details/ }).click();
    await tab.page.waitForURL(/\/provider-dashboard\/leads\/\d+$/);
    await tab.page.getByRole("heading", { name: "Why you got this lead" }).waitFor();
    expect(await tab.page.getByTestId("lead-status").innerText()).toBe("Viewed");
    // The six weighted parts, and the clients' ratings: the demo provider has reviews of its hires.
    expect(await tab.page.getByTestId("why-this-lead").getByRole("listitem").count()).toBe(7);
    expect(await tab.page.getByTestId("why-this-lead").innerText()).toContain("Specialty fit");
    expect(await tab.page.getByTestId("why-this-lead").innerText()).toContain("Client ratings");
    expect(await tab.page.getByTestId("roi-estimate").innerText()).toMatch(/hours/);
    expect(await tab.page.getByTestId("contact-hidden").count()).toBe(1);
    expect(await tab.page.content()).not.toContain("quinn@example.com");
    await keepScreenshot(tab.page, "lead-detail");

    await tab.page.getByRole("link", { name: "Available Leads" }).first().click();
    await tab.page.getByTestId("lead-row").filter({ hasText: title }).waitFor();
    // The list was read before the lead was opened; back on it (no reload) it shows the new status.
    await expect
      .poll(() => tab.page.getByTestId("lead-row").filter({ hasText: title }).getByTestId("lead-status").innerText())
      .toBe("Viewed");
  });

  it("a provider without access sees why, and no leads", async () => {
    // The second demo provider's company is approved, but it has no subscription.
    await apiSignIn(tab.context, "provider2@demo.automatch.io", DEMO.password);
    await tab.page.goto("/provider-dashboard");
    await tab.page.getByTestId("lead-access-notice").waitFor();
    const notice = tab.page.getByTestId("lead-access-notice");
    expect(await notice.innerText()).toContain("Subscribe to start receiving leads.");
    expect(await notice.getByRole("link", { name: "Set Up Your Subscription" }).getAttribute("href")).toBe(
      "/subscription",
    );
    expect(await tab.page.getByTestId("leads-empty").count()).toBe(1);
    expect(await tab.page.getByTestId("lead-row").count()).toBe(0);
  });
});
