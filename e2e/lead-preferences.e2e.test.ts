// The leads a provider wants (issue 32, decision 171): set in Settings ("Leads I want"), kept over a
// reload, a holiday said on the dashboard and ended there with "Resume now"; the client's two optional
// answers in the wizard, shown on the request and on the lead, whose reasons say what the preferences
// let through.
import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { isoDay, type LeadPreferencesInput, type LeadPreferencesState } from "@/shared/lead-preferences";
import { apiSignIn, DEMO } from "./support/accounts";
import { accessibilityViolations } from "./support/axe";
import { keepScreenshot, pagePerTest, startProduct } from "./support/fixture";
import { waitForLead } from "./support/leads";
import { billIntakeRequestBody } from "./support/requests";
import { toastText } from "./support/toast";
import { submitThroughWizard, wizardAnswersFor } from "./support/wizard";

const product = startProduct();
const tab = pagePerTest(product);

const URL = "/api/companies/me/lead-preferences";
const preferences = async (context: BrowserContext) =>
  (await (await context.request.get(URL)).json()) as LeadPreferencesState;
/** One answer of the request as its page shows it (request-sections.tsx): the text beside its label. */
const answer = (page: Page, label: string) => page.locator(`dt:text-is("${label}") + dd`).innerText();

describe("lead preferences", () => {
  it("a provider sets the leads it wants, finds them kept after a reload, and resumes from the dashboard", async () => {
    const { context, page } = tab;
    await apiSignIn(context, DEMO.provider, DEMO.password);
    // Above what the demo provider has had this week, so that the capacity does not hold leads back too.
    const capacity = (await preferences(context)).leadsLast7Days + 20;
    const backOn = isoDay(new Date(Date.now() + 14 * 24 * 60 * 60 * 1000));

    await page.goto("/settings");
    const card = page.getByTestId("lead-preferences-card");
    await card.getByRole("heading", { name: "Leads I want" }).waitFor();
    expect(await card.getByText("Tick none to take requests from every industry.").count()).toBe(1);

    await card.getByRole("checkbox", { name: "Finance" }).check();
    await card.getByRole("checkbox", { name: "Healthcare" }).check();
    await card.getByLabel("Minimum budget").selectOption("$15k-$30k");
    // Countries: added with the button and with Enter, and one taken out again by its chip.
    const countries = card.getByLabel("Countries you serve");
    await countries.selectOption("US");
    await card.getByRole("button", { name: "Add country" }).click();
    await countries.selectOption("GB");
    await countries.press("Enter");
    await countries.selectOption("DE");
    await countries.press("Enter");
    const chosen = card.getByRole("list", { name: "Chosen countries" });
    await chosen.getByRole("button", { name: "Remove United Kingdom" }).click();
    // The focus stays in the list, on the chip that took the removed one's place.
    await expect
      .poll(() => chosen.getByRole("button", { name: "Remove Germany" }).evaluate((b) => b === document.activeElement))
      .toBe(true);
    expect(await countries.locator("option", { hasText: "Germany" }).count()).toBe(0);
    await card.getByLabel("Weekly capacity").fill(String(capacity));
    await card.getByLabel("On holiday until").fill(backOn);
    expect(await accessibilityViolations(page)).toEqual([]);
    await card.getByRole("button", { name: "Save Lead Preferences" }).click();
    await expect.poll(() => toastText(page)).toContain("Lead Preferences Saved");

    const saved: LeadPreferencesInput = {
      industries: ["finance", "healthcare"],
      minBudget: "$15k-$30k",
      countries: ["US", "DE"],
      remoteOnly: false,
      weeklyCapacity: capacity,
      pausedUntil: backOn,
    };
    expect(await preferences(context)).toMatchObject({ ...saved, paused: true, full: false });
    await card.getByTestId("lead-preferences-notice").getByText("New leads are paused until").waitFor();
    expect(await card.getByTestId("lead-preferences-count").innerText()).toMatch(
      new RegExp(`^\\d+ of ${capacity} leads in the last 7 days$`),
    );

    // A reload shows every value as saved.
    await page.reload();
    await card.getByRole("heading", { name: "Leads I want" }).waitFor();
    expect(await card.getByRole("checkbox", { name: "Finance" }).isChecked()).toBe(true);
    expect(await card.getByRole("checkbox", { name: "Healthcare" }).isChecked()).toBe(true);
    expect(await card.getByRole("checkbox", { name: "Retail" }).isChecked()).toBe(false);
    expect(await card.getByLabel("Minimum budget").inputValue()).toBe("$15k-$30k");
    expect(await chosen.getByRole("button").allInnerTexts()).toEqual(["United States", "Germany"]);
    expect(await card.getByLabel("Weekly capacity").inputValue()).toBe(String(capacity));
    expect(await card.getByLabel("On holiday until").inputValue()).toBe(backOn);
    expect(await card.getByRole("checkbox", { name: "Remote work only" }).isChecked()).toBe(false);
    await keepScreenshot(page, "settings-lead-preferences");

    // The dashboard says so, and "Resume now" ends the holiday.
    await page.goto("/provider-dashboard");
    const banner = page.getByTestId("lead-preferences-notice");
    await banner.getByText("New leads are paused until").waitFor();
    expect(await banner.getByRole("link", { name: "Change your lead preferences" }).getAttribute("href")).toBe(
      "/settings#lead-preferences",
    );
    expect(await accessibilityViolations(page)).toEqual([]);
    await banner.getByRole("button", { name: "Resume now" }).click();
    await expect.poll(() => toastText(page)).toContain("Leads Resumed");
    await expect.poll(() => banner.count()).toBe(0);
    expect(await preferences(context)).toMatchObject({ ...saved, pausedUntil: null, paused: false });
  });

  it("the wizard asks the client's country and whether the work is on site; the request and the lead show them", async () => {
    // The demo provider takes remote work only, from clients in the United States.
    const provider = await product.newContext();
    await apiSignIn(provider, DEMO.provider, DEMO.password);
    const wanted: LeadPreferencesInput = {
      industries: [],
      minBudget: null,
      countries: ["US"],
      remoteOnly: true,
      weeklyCapacity: null,
      pausedUntil: null,
    };
    expect((await provider.request.put(URL, { data: wanted })).status()).toBe(200);

    const { context, page } = tab;
    await apiSignIn(context, DEMO.client, DEMO.password);
    await page.goto("/quote-request");
    expect(await page.getByLabel("Country").locator("option").first().innerText()).toBe("Not specified");
    const title = `Bill intake with a country ${Date.now()}`;
    const body = billIntakeRequestBody(title);
    await submitThroughWizard(
      page,
      wizardAnswersFor({ ...body, requirements: { ...body.requirements, country: "US", workplace: "remote" } }),
    );
    expect(await answer(page, "Client's country")).toBe("United States");
    expect(await answer(page, "On site")).toBe("No, it can be done remotely");

    // Matching lets it through the provider's preferences, and the lead says which.
    const leadId = await waitForLead(provider, title);
    const providerPage = await provider.newPage();
    await providerPage.goto(`/provider-dashboard/leads/${leadId}`);
    const part = providerPage.getByTestId("score-part-preferences");
    await part.waitFor();
    const reason = await part.innerText();
    expect(reason).toContain("Your lead preferences");
    expect(reason).toContain("the client is in United States, one of your countries");
    expect(reason).toContain("the work can be done remotely");
    expect(reason).not.toMatch(/points/);
    expect(await answer(providerPage, "Client's country")).toBe("United States");
    expect(await answer(providerPage, "On site")).toBe("No, it can be done remotely");
    await keepScreenshot(providerPage, "lead-preferences-reason");
  });
});
