// The whole marketplace loop: a client's request reaches two approved, subscribed providers; each sends
// a quote through the lead page; the client, told by the bell, compares them side by side and hires
// one; the winner sees the win and the other the decline, in the bell and on their pages.
import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { apiSignIn, apiSignUp, DEMO, newPerson, uniqueEmail } from "./support/accounts";
import { accessibilityViolations } from "./support/axe";
import { keepScreenshot, startProduct } from "./support/fixture";
import { waitForLead } from "./support/leads";
import { subscribedProvider } from "./support/providers";
import { billIntakeRequestBody, submitRequest } from "./support/requests";
import { toastText } from "./support/toast";
import { submitThroughWizard, wizardAnswersFor } from "./support/wizard";

const product = startProduct({ mail: true });

/** Opens the bell and returns the notification that mentions `text`, after checking the unread badge. */
async function bellItem(page: Page, text: string, unread: number) {
  await page.getByTestId("notification-count").waitFor();
  expect(await page.getByTestId("notification-count").innerText()).toBe(String(unread));
  await page.getByTestId("notification-bell").click();
  const panel = page.getByRole("dialog", { name: "Notifications" });
  await panel.waitFor();
  const item = panel.getByTestId("notification-item").filter({ hasText: text });
  await item.first().waitFor();
  return item.first();
}

/** A second provider, registered, approved by the demo admin and subscribed with the demo test card. */
const createSubscribedProvider = (companyName: string) =>
  subscribedProvider(
    product,
    { firstName: "Robin", lastName: "Rival", emailTag: "e2e-quotes-provider", password: "second-provider-pass" },
    {
      name: companyName,
      description: "We build RPA bots and QuickBooks integrations for finance teams, from discovery to support.",
      industry: "automation",
      website: "",
      location: "Portland, OR",
      country: "US",
      size: "medium",
      specialties: ["RPA", "Workflow Automation", "System Integration", "Cloud Automation"],
    },
  );

/** A new client's request, sent through the API, and the demo provider (signed in) with its lead. */
async function requestWithLead(title: string) {
  const client = await product.newPage();
  // Confirmed by the emailed link: providers see a client's contact details only then (decision 114).
  await apiSignUp(client.context, newPerson("Cass", "Client", "e2e-client"), product);
  const requestId = await submitRequest(client.context, billIntakeRequestBody(title));
  const provider = await product.newPage();
  await apiSignIn(provider.context, DEMO.provider, DEMO.password);
  const leadId = await waitForLead(provider.context, title);
  return { client, requestId, provider, leadId };
}

/** The demo provider's quote on the lead, through the API. */
async function quoteThroughApi(context: BrowserContext, leadId: number, amount: number): Promise<void> {
  const quoted = await context.request.post(`/api/leads/${leadId}/quote`, {
    data: { amount, timeline: "4 weeks", message: "A bot that reads each bill and files it in QuickBooks." },
  });
  expect(quoted.status(), await quoted.text()).toBe(201);
}

/** Opens the lead, fills the quote form and sends it; the client's contact details then show. */
async function sendQuote(
  page: Page,
  leadId: number,
  quote: { amount: string; timeline: string; items?: Record<string, string> },
) {
  await page.goto(`/provider-dashboard/leads/${leadId}`);
  await page.getByRole("heading", { name: "Send a quote" }).waitFor();
  expect(await page.getByTestId("contact-hidden").count()).toBe(1);
  // The shared schema answers in the page before anything is sent.
  await page.getByRole("button", { name: "Send Quote" }).click();
  await page.getByText("Enter the amount in whole US dollars.").waitFor();
  await page.getByLabel("Project price (USD)").fill(quote.amount);
  await page.getByLabel("Timeline").fill(quote.timeline);
  await page
    .getByLabel("Message to the client")
    .fill("We would build a bot that reads each bill email, creates the bill in QuickBooks and files the PDF.");
  for (const [label, value] of Object.entries(quote.items ?? {})) await page.getByLabel(label).fill(value);
  await page.getByRole("button", { name: "Send Quote" }).click();
  await page.getByRole("heading", { name: "Your quote" }).waitFor();
  await expect.poll(() => toastText(page)).toContain("Quote Sent");
  expect(await page.getByTestId("quote-status").innerText()).toBe("Pending");
  // The lead is read again: quoted, and the client's contact details are shown.
  await page.getByText("morgan.buyer@example.com").first().waitFor();
  expect(await page.getByTestId("lead-status").innerText()).toBe("Quoted");
  expect(await page.getByTestId("contact-hidden").count()).toBe(0);
}

describe("quotes and hiring", () => {
  it("two providers quote, the client compares and accepts one, the winner sees the win and the other the decline", async () => {
    const stamp = Date.now();
    const title = `Vendor bill intake ${stamp}`;
    const rivalName = `Rival Robotics ${stamp}`;
    const rival = await createSubscribedProvider(rivalName);
    // The demo provider has a past (decision 103): what its bell counts now is where this test starts.
    const demo = await product.newPage();
    await apiSignIn(demo.context, DEMO.provider, DEMO.password);
    const unreadBefore: number = (await (await demo.context.request.get("/api/notifications")).json()).unreadCount;
    const pipelineBefore = (await (await demo.context.request.get("/api/analytics/me")).json()).pipeline;

    // The client signs up and submits a request through the wizard.
    const client = await product.newPage();
    const clientEmail = uniqueEmail("e2e-quotes-client");
    await apiSignUp(
      client.context,
      { firstName: "Morgan", lastName: "Buyer", email: clientEmail, password: "client-pass-123" },
      product,
    );
    const requestId = await submitThroughWizard(client.page, wizardAnswersFor(billIntakeRequestBody(title)));

    // The demo provider quotes with a breakdown; the rival quotes a single price.
    const demoLead = await waitForLead(demo.context, title);
    await sendQuote(demo.page, demoLead, {
      amount: "18000",
      timeline: "5 weeks",
      items: {
        Discovery: "3000",
        "Build (USD)": "15000",
        "Maintenance (monthly)": "250",
      },
    });
    expect(await demo.page.getByTestId("quote-first-year").innerText()).toBe("$21,000");
    expect(await accessibilityViolations(demo.page)).toEqual([]);
    await keepScreenshot(demo.page, "quotes-lead-quote-sent");

    const other = await product.newPage();
    await apiSignIn(other.context, rival.email, rival.password);
    const rivalLead = await waitForLead(other.context, title);
    await sendQuote(other.page, rivalLead, { amount: "26000", timeline: "8 weeks" });
    // The rival thinks again and edits its pending quote.
    await other.page.getByRole("button", { name: "Edit Quote" }).click();
    await other.page.getByLabel("Project price (USD)").fill("24500");
    await other.page.getByRole("button", { name: "Save Quote" }).click();
    await expect.poll(() => toastText(other.page)).toContain("Quote Updated");
    await other.page.getByText("$24,500").first().waitFor();

    // The client is told of the quotes in the bell, and follows one to the request.
    await client.page.goto("/dashboard");
    // One for each quote.
    const received = await bellItem(client.page, `New quote for "${title}"`, 2);
    await received.click();
    await client.page.waitForURL(`**/quote-request/${requestId}`);

    // The client compares the two side by side.
    await client.page.getByRole("heading", { name: "Quotes (2)" }).waitFor();
    const cards = client.page.getByTestId("quote-card");
    expect(await cards.count()).toBe(2);
    const demoCard = cards.filter({ hasText: "$18,000" });
    const rivalCard = client.page.getByRole("article", { name: rivalName });
    expect(await demoCard.innerText()).toContain("Maintenance (monthly)");
    expect(await demoCard.getByTestId("quote-first-year").innerText()).toBe("$21,000");
    expect(await rivalCard.innerText()).toContain("Medium (51-200)");
    expect(await rivalCard.innerText()).toMatch(/Match Score \d+%/);
    expect(await rivalCard.innerText()).toContain("Cloud Automation");
    // What past clients say (decision 142): a new provider has no reviews and no hires yet, and links
    // to its public profile in a new tab.
    const record = rivalCard.getByTestId("provider-track-record");
    expect(await record.innerText()).toContain("No reviews yet");
    expect(await record.innerText()).toContain("No hires yet");
    const profileLink = record.getByRole("link", { name: /^View profile/ });
    expect(await profileLink.getAttribute("href")).toBe(`/providers/rival-robotics-${stamp}`);
    expect(await profileLink.getAttribute("target")).toBe("_blank");
    expect(
      await demoCard
        .getByTestId("provider-track-record")
        .getByRole("link", { name: /^View profile/ })
        .count(),
    ).toBe(1);
    const [box1, box2] = [await cards.nth(0).boundingBox(), await cards.nth(1).boundingBox()];
    expect(box1?.y).toBe(box2?.y); // side by side
    expect(await accessibilityViolations(client.page)).toEqual([]);
    await keepScreenshot(client.page, "quotes-compare");

    // A thread opened in one card makes that card taller, not its neighbour (issue 30: the row stretched it).
    const rivalHeight = (await rivalCard.boundingBox())?.height ?? 0;
    const demoHeight = (await demoCard.boundingBox())?.height ?? 0;
    const demoThread = demoCard.getByRole("button", { name: /^Message / });
    await demoThread.click();
    await demoCard.getByRole("button", { name: /^Send message to / }).waitFor();
    expect((await demoCard.boundingBox())?.height ?? 0).toBeGreaterThan(demoHeight + 100);
    expect((await rivalCard.boundingBox())?.height).toBe(rivalHeight);
    await keepScreenshot(client.page, "quotes-compare-thread-open");
    await demoThread.click();
    await demoCard.getByRole("button", { name: /^Send message to / }).waitFor({ state: "detached" });

    // At 375 px they stack.
    const narrow = await product.newPage({ width: 375 });
    await narrow.context.addCookies(await client.context.cookies());
    await narrow.page.goto(`/quote-request/${requestId}`);
    await narrow.page.getByRole("heading", { name: "Quotes (2)" }).waitFor();
    const narrowCards = narrow.page.getByTestId("quote-card");
    const [n1, n2] = [await narrowCards.nth(0).boundingBox(), await narrowCards.nth(1).boundingBox()];
    expect(n1?.x).toBe(n2?.x);
    expect((n2?.y ?? 0) > (n1?.y ?? 0)).toBe(true);
    expect(await narrow.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await keepScreenshot(narrow.page, "quotes-compare-375");

    // The client hires the demo provider.
    await demoCard.getByRole("button", { name: /^Accept/ }).click();
    const dialog = client.page.getByRole("alertdialog");
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain("The other quotes are declined and the request closes.");
    expect(await accessibilityViolations(client.page)).toEqual([]);
    await dialog.getByRole("button", { name: "Yes, accept quote" }).click();
    await client.page.getByTestId("quote-hired").waitFor();
    await expect.poll(() => toastText(client.page)).toContain("Quote Accepted");
    await expect.poll(async () => client.page.getByTestId("status-badge").first().innerText()).toBe("Closed");
    expect(await demoCard.getByTestId("quote-status").innerText()).toBe("Accepted");
    expect(await rivalCard.getByTestId("quote-status").innerText()).toBe("Declined");
    expect(await client.page.getByRole("button", { name: /^Accept/ }).count()).toBe(0);
    expect(await accessibilityViolations(client.page)).toEqual([]);
    await keepScreenshot(client.page, "quotes-accepted");

    // The winner learns of the win in the bell, which leads to the lead's page.
    await demo.page.goto("/provider-dashboard");
    // This lead and the win.
    const win = await bellItem(demo.page, `Your quote for "${title}" was accepted`, unreadBefore + 2);
    await keepScreenshot(demo.page, "quotes-bell-winner");
    await win.click();
    await demo.page.waitForURL(`**/provider-dashboard/leads/${demoLead}`);
    await demo.page.getByTestId("quote-outcome").waitFor();

    // The other provider learns of the decline in the bell.
    await other.page.goto("/provider-dashboard");
    // The approval, the trial, its leads (the demo client's US-only request, which had the demo
    // provider only, and this one) and the decline.
    const declined = await bellItem(other.page, `Your quote for "${title}" was declined`, 5);
    expect(await declined.innerText()).toContain("The client hired another provider");
    await keepScreenshot(other.page, "quotes-bell-declined");
    await declined.click();
    await other.page.waitForURL(`**/provider-dashboard/leads/${rivalLead}`);

    // The winner sees the win on My Quotes and on the lead.
    await demo.page.goto("/my-quotes");
    await demo.page.getByRole("heading", { name: "My Quotes" }).waitFor();
    const won = demo.page.getByTestId("my-quote-row").filter({ hasText: title });
    await won.waitFor();
    expect(await won.getByTestId("quote-status").innerText()).toBe("Accepted");
    expect(await won.innerText()).toContain("$18,000");
    expect(await accessibilityViolations(demo.page)).toEqual([]);
    await keepScreenshot(demo.page, "quotes-my-quotes-winner");
    await won.getByRole("link", { name: /View Lead/ }).click();
    await demo.page.getByTestId("quote-outcome").waitFor();
    expect(await demo.page.getByTestId("quote-outcome").innerText()).toContain("You won this project");
    expect(await demo.page.getByTestId("lead-status").innerText()).toBe("Closed");

    // The other provider sees the decline.
    await other.page.goto("/my-quotes");
    const lost = other.page.getByTestId("my-quote-row").filter({ hasText: title });
    await lost.waitFor();
    expect(await lost.getByTestId("quote-status").innerText()).toBe("Declined");
    expect(await lost.innerText()).toContain("The client hired another provider.");
    await keepScreenshot(other.page, "quotes-my-quotes-declined");

    // The winner's analytics count the win.
    await demo.page.goto("/analytics");
    await demo.page.getByRole("heading", { name: "Win rate over time" }).waitFor();
    const stats = (await demo.page.getByTestId("analytics-stat").allInnerTexts()).map((s) => s.replace(/\s+/g, " "));
    // One more lead than before, opened, quoted and won.
    const after = await (await demo.context.request.get("/api/analytics/me")).json();
    expect(after.pipeline).toEqual({
      leads: pipelineBefore.leads + 1,
      viewed: pipelineBefore.viewed + 1,
      quoted: pipelineBefore.quoted + 1,
      won: pipelineBefore.won + 1,
      lost: pipelineBefore.lost,
    });
    const p = after.stages;
    expect(stats).toEqual([
      `Leads ${p.leads}`,
      `Contacted ${p.contacted}`,
      `Quoted ${p.quoted}`,
      `Negotiating ${p.negotiating}`,
      `Won ${p.won}`,
      `Lost ${p.lost}`,
      `Declined ${p.declined}`,
      `Win Rate ${after.winRate}%`,
    ]);
    expect(
      await demo.page.getByTestId("pipeline-chart").getByTestId("stage-won").getByTestId("stage-count").innerText(),
    ).toBe(String(p.won));
    expect(await demo.page.getByTestId("win-rate-table").getByRole("row").count()).toBe(7);
    expect(await accessibilityViolations(demo.page)).toEqual([]);
    await keepScreenshot(demo.page, "quotes-analytics");

    // Other analytics: the rival lost its only quote.
    await other.page.goto("/analytics");
    await other.page.getByRole("heading", { name: "Win rate over time" }).waitFor();
    const rivalStats = (await other.page.getByTestId("analytics-stat").allInnerTexts()).map((s) =>
      s.replace(/\s+/g, " "),
    );
    // Its leads: the demo client's US-only request and this one.
    expect(rivalStats).toEqual([
      "Leads 2",
      "Contacted 1",
      "Quoted 1",
      "Negotiating 0",
      "Won 0",
      "Lost 1",
      "Declined 0",
      "Win Rate 0%",
    ]);
  });

  it("a provider withdraws a pending quote after confirming; the form and the hidden contact return", async () => {
    const {
      provider: { page },
      leadId,
    } = await requestWithLead(`Withdrawn quote ${Date.now()}`);
    await sendQuote(page, leadId, { amount: "9000", timeline: "3 weeks" });
    await page.getByRole("button", { name: "Withdraw Quote" }).click();
    const dialog = page.getByRole("alertdialog");
    await dialog.getByRole("button", { name: "Keep quote" }).click();
    await dialog.waitFor({ state: "detached" });
    expect(await page.getByTestId("quote-status").innerText()).toBe("Pending");
    await page.getByRole("button", { name: "Withdraw Quote" }).click();
    await dialog.getByRole("button", { name: "Yes, withdraw" }).click();
    await page.getByRole("heading", { name: "Send a quote" }).waitFor();
    await expect.poll(() => toastText(page)).toContain("Quote Withdrawn");
    await page.getByTestId("contact-hidden").waitFor();
    expect(await page.getByTestId("lead-status").innerText()).toBe("Viewed");
  });

  it("a client who cancels a request sees its pending quotes declined at once, and the provider's open page catches up live", async () => {
    const { client, requestId, provider, leadId } = await requestWithLead(`Cancelled with quotes ${Date.now()}`);
    await quoteThroughApi(provider.context, leadId, 12000);
    // The provider has the lead open while the client cancels.
    await provider.page.goto(`/provider-dashboard/leads/${leadId}`);
    await provider.page.getByRole("heading", { name: "Your quote" }).waitFor();
    expect(await provider.page.getByTestId("quote-status").innerText()).toBe("Pending");

    await client.page.goto(`/quote-request/${requestId}`);
    const card = client.page.getByTestId("quote-card");
    await card.waitFor();
    expect(await card.getByTestId("quote-status").innerText()).toBe("Pending");
    await client.page.getByRole("button", { name: "Cancel Request" }).click();
    await client.page.getByRole("button", { name: "Yes, cancel request" }).click();
    await expect.poll(() => client.page.getByTestId("status-badge").first().innerText()).toBe("Cancelled");
    // No reload: the quote's card follows the cancellation.
    await expect.poll(() => card.getByTestId("quote-status").innerText()).toBe("Declined");

    // The provider's open page catches up live (the quote's event on its stream): declined, nothing to withdraw.
    await expect.poll(() => provider.page.getByTestId("quote-status").innerText()).toBe("Declined");
    expect(await provider.page.getByRole("button", { name: "Withdraw Quote" }).count()).toBe(0);
  });

  it("a client with the request open follows the bell's news to it and sees the new quote", async () => {
    const title = `Quote by the bell ${Date.now()}`;
    const { client, requestId, provider, leadId } = await requestWithLead(title);
    await client.page.goto(`/quote-request/${requestId}`);
    await client.page.getByTestId("quotes-empty").waitFor();
    await quoteThroughApi(provider.context, leadId, 7000);

    // The client comes back to the tab: the bell reads its news (it also does every 30 seconds).
    const bellButton = client.page.getByTestId("notification-bell");
    await client.page.evaluate(() => window.dispatchEvent(new Event("visibilitychange")));
    await expect.poll(() => bellButton.getAttribute("aria-label")).toBe("Notifications, 1 unread");
    await bellButton.click();
    const panel = client.page.getByRole("dialog", { name: "Notifications" });
    await panel.getByTestId("notification-item").filter({ hasText: title }).click();
    // The same page, not reloaded: what the news is about is read again.
    const card = client.page.getByTestId("quote-card");
    await card.waitFor();
    expect(await card.innerText()).toContain("$7,000");
    expect(await client.page.getByTestId("quotes-empty").count()).toBe(0);
  });

  it("a provider edits its company profile on Settings", async () => {
    const { context, page } = await product.newPage();
    await apiSignIn(context, DEMO.provider, DEMO.password);
    await page.goto("/settings");
    const card = page.getByTestId("company-profile-card");
    await card.waitFor();
    expect(await card.innerText()).toContain("Your company is approved");
    const newLocation = `Austin, TX ${Date.now() % 1000}`;
    await card.getByLabel("Location").fill(newLocation);
    await card.getByRole("button", { name: "Save Company Profile" }).click();
    await expect.poll(() => toastText(page)).toContain("Company Profile Saved");
    expect(await accessibilityViolations(page)).toEqual([]);
    await keepScreenshot(page, "settings-company-profile");
    const company = await (await context.request.get("/api/companies/me")).json();
    expect(company).toMatchObject({ status: "approved", location: newLocation });
  });
});
