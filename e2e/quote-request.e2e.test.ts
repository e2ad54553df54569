import { describe, expect, it } from "vitest";
import { apiSignIn, apiSignUp, DEMO, signUpAndConfirm, uniqueEmail } from "./support/accounts";
import { accessibilityViolations } from "./support/axe";
import { watchCspViolations } from "./support/csp";
import { keepScreenshot, pagePerTest, startProduct } from "./support/fixture";
import { closeToast } from "./support/toast";

// The sign-up's confirmation link arrives by email: this file reads it from a local SMTP server.
const product = startProduct({ mail: true });
const tab = pagePerTest(product);

const stepText = () => tab.page.getByTestId("wizard-step").innerText();
const toastText = () => tab.page.getByTestId("toast").first().innerText();

async function next(label: string, expectedStep: number) {
  await tab.page.getByRole("button", { name: label }).click();
  await expect.poll(stepText).toBe(`Step ${expectedStep} of 6`);
}

describe("client journey", () => {
  it("a new client signs up from the quote-request landing, walks the wizard, submits and sees the request", async () => {
    // Signed out: the landing, whose call to action leads through sign-in (here: sign-up) and back.
    await tab.page.goto("/quote-request");
    await tab.page.getByRole("heading", { name: "Get Automation Quotes From Vetted Providers" }).waitFor();
    expect(await accessibilityViolations(tab.page)).toEqual([]);
    await keepScreenshot(tab.page, "quote-request-landing");
    await tab.page.getByRole("link", { name: "Start Quote Request" }).first().click();
    await tab.page.waitForURL("**/login?returnTo=%2Fquote-request");
    const email = uniqueEmail("e2e-wizard");
    // The link in the email confirms the address, signs the browser in and leads back to the wizard.
    const ada = { firstName: "Ada", lastName: "Lovelace", email, password: "analytical-engine-1843" };
    await signUpAndConfirm(tab.page, product, ada);

    await tab.page.waitForURL((url) => url.pathname === "/quote-request");
    await tab.page.getByRole("heading", { name: "Request Automation Quotes" }).waitFor();
    await tab.page.getByRole("heading", { name: "Help us understand your automation needs" }).waitFor();
    expect(await stepText()).toBe("Step 1 of 6");
    expect(await tab.page.getByRole("progressbar").getAttribute("aria-valuenow")).toBe("17");
    expect(await tab.page.getByRole("button", { name: "Previous" }).count()).toBe(0);
    // Known from the account.
    expect(await tab.page.getByLabel("Full name").inputValue()).toBe("Ada Lovelace");
    expect(await tab.page.getByLabel("Work email").inputValue()).toBe(email);

    // Next too early: the toast, the step's messages, and no step change.
    await tab.page.getByRole("button", { name: "Next: Your Process" }).click();
    await expect.poll(toastText).toContain("Please fill in all required fields");
    expect(await toastText()).toContain("Complete the required fields before proceeding to the next step.");
    expect(await stepText()).toBe("Step 1 of 6");
    await tab.page.getByText("Company name is required").waitFor();
    await tab.page.getByText("Please select an industry").waitFor();
    expect(await accessibilityViolations(tab.page)).toEqual([]);
    await closeToast(tab.page);

    // Step 1. Messages follow typing.
    await tab.page.getByLabel("Company name").fill("A");
    await tab.page.getByText("Company name is required").waitFor();
    await tab.page.getByLabel("Company name").fill("Analytical Engines Ltd");
    await expect.poll(() => tab.page.getByText("Company name is required").count()).toBe(0);
    await tab.page.getByLabel("Industry").selectOption("finance");
    await tab.page.getByLabel("Location", { exact: true }).fill("London, UK");
    await keepScreenshot(tab.page, "wizard-step-1");
    await next("Next: Your Process", 2);

    // Step 2.
    await tab.page.getByLabel("Process name").fill("Invoice processing");
    await tab.page.getByLabel("Process description").fill("Short");
    await tab.page.getByText("Please provide a brief description").waitFor();
    await tab.page
      .getByLabel("Process description")
      .fill("We key supplier invoices from PDF into SAP by hand, every day.");
    await tab.page.getByRole("checkbox", { name: "Save time" }).check();
    await tab.page.getByRole("checkbox", { name: "Reduce errors" }).check();
    await tab.page.getByRole("radio", { name: "Daily" }).check();
    await tab.page.getByLabel("Number of items").fill("40");
    await tab.page.getByLabel("Time for one item").fill("6");
    expect(await accessibilityViolations(tab.page)).toEqual([]);
    await keepScreenshot(tab.page, "wizard-step-2");
    await next("Next: Your Systems", 3);

    // Step 3.
    await tab.page.getByRole("checkbox", { name: "SAP" }).check();
    await tab.page.getByRole("checkbox", { name: "Outlook" }).check();
    await tab.page.getByRole("checkbox", { name: "Desktop app" }).check();
    await tab.page.getByRole("radio", { name: /^Event/ }).check();
    await keepScreenshot(tab.page, "wizard-step-3");
    await next("Next: What Needs Automating", 4);

    // Step 4; Previous keeps what was entered.
    await tab.page.getByLabel("Tasks to automate").fill("Read the invoice, match the PO, enter it in SAP.");
    await tab.page.getByRole("button", { name: "Previous" }).click();
    await expect.poll(stepText).toBe("Step 3 of 6");
    expect(await tab.page.getByRole("checkbox", { name: "SAP" }).isChecked()).toBe(true);
    await next("Next: What Needs Automating", 4);
    expect(await tab.page.getByLabel("Tasks to automate").inputValue()).toBe(
      "Read the invoice, match the PO, enter it in SAP.",
    );
    await keepScreenshot(tab.page, "wizard-step-4");
    await next("Next: Timeline & Budget", 5);

    // Step 5.
    await tab.page.getByRole("radio", { name: "In progress" }).check();
    await tab.page.getByLabel("Timeline").selectOption("1-3months");
    await tab.page.getByLabel("Budget").selectOption("$15k-$30k");
    await keepScreenshot(tab.page, "wizard-step-5");
    await next("Next: Final Preferences", 6);

    // Step 6: the ROI estimate from step 2's answers. 250 days x 40 invoices x 6 minutes = 1,000 hours.
    await tab.page
      .getByRole("group", { name: "Do providers need to sign an NDA?" })
      .getByRole("radio", { name: "Yes" })
      .check();
    await tab.page.getByRole("radio", { name: "Providers anywhere" }).check();
    expect(await tab.page.getByTestId("roi-hours").innerText()).toBe("1,000 hours");

    // A reload loses nothing.
    await tab.page.reload();
    await tab.page.getByTestId("wizard-step").waitFor();
    expect(await stepText()).toBe("Step 6 of 6");
    expect(await tab.page.getByRole("radio", { name: "Providers anywhere" }).isChecked()).toBe(true);

    // The consent is required.
    await tab.page.getByRole("button", { name: "Submit My Request" }).click();
    await tab.page.getByText("Consent is required").waitFor();
    await closeToast(tab.page);
    await tab.page.getByRole("checkbox", { name: /I agree/ }).check();
    expect(await accessibilityViolations(tab.page)).toEqual([]);
    await keepScreenshot(tab.page, "wizard-step-6");
    await tab.page.getByRole("button", { name: "Submit My Request" }).click();

    await tab.page.waitForURL((url) => url.pathname === "/dashboard");
    await expect.poll(toastText).toContain("Request Submitted Successfully!");
    expect(await toastText()).toContain(
      "You'll receive quotes from 2-3 vetted automation providers within 2-3 business days.",
    );
    // The draft is gone once the request is sent.
    expect(
      await tab.page.evaluate(() => Object.keys(sessionStorage).filter((k) => k.includes("quote-request"))),
    ).toEqual([]);

    await tab.page.getByRole("heading", { name: "Quote Requests Dashboard" }).waitFor();
    const row = tab.page.getByTestId("quote-request-row");
    await row.first().waitFor();
    expect(await row.count()).toBe(1);
    expect(await row.getByRole("heading").innerText()).toBe("Invoice processing");
    // Matching runs in the background and the demo provider is eligible, so the request may already
    // be matched when the page loads, or be matched while the test reads it (the page then updates
    // live); the badge and the cards must agree either way. Each look reads both, the badge on either
    // side of the cards: a look during which the match landed is taken again.
    expect(["Open", "Matched"]).toContain(await row.getByTestId("status-badge").innerText());
    expect(await row.innerText()).toContain("Finance");
    expect(await row.innerText()).toContain("$15k-$30k");
    expect(await row.innerText()).toContain("Save time");
    const cardsFor = (status: string) => [
      "Total Requests 1",
      `Open Requests ${status === "Open" ? 1 : 0}`,
      `Active Projects ${status === "Matched" ? 1 : 0}`,
      "Completed 0",
    ];
    await expect
      .poll(async () => {
        const before = await row.getByTestId("status-badge").innerText();
        const cards = (await tab.page.getByTestId("stat-card").allInnerTexts()).map((c) =>
          c.replace(/\s+/g, " ").trim(),
        );
        const after = await row.getByTestId("status-badge").innerText();
        if (before !== after) return "the match landed during the look";
        return { status: after, cards, agree: JSON.stringify(cards) === JSON.stringify(cardsFor(after)) };
      })
      .toMatchObject({ status: expect.stringMatching(/^(Open|Matched)$/), agree: true });
    expect(await accessibilityViolations(tab.page)).toEqual([]);
    await keepScreenshot(tab.page, "client-dashboard");

    await row.getByRole("link", { name: "View Invoice processing" }).click();
    await tab.page.waitForURL(/\/quote-request\/\d+$/);
    await tab.page.getByRole("heading", { name: "Invoice processing", level: 1 }).waitFor();
    expect(await tab.page.getByTestId("roi-hours").innerText()).toBe("1,000 hours");
    // The background matching may finish between the dashboard and this page.
    expect(await tab.page.getByTestId("match-promise").innerText()).toMatch(
      /Matching due by|Matched with vetted providers/,
    );
    await tab.page.getByTestId("quotes-empty").waitFor();
    expect(await accessibilityViolations(tab.page)).toEqual([]);
    await keepScreenshot(tab.page, "quote-request-detail");

    // The client withdraws it, after confirming.
    await tab.page.getByRole("button", { name: "Cancel Request" }).click();
    await tab.page.getByRole("alertdialog").waitFor();
    await tab.page.getByRole("button", { name: "Yes, cancel request" }).click();
    await expect.poll(() => tab.page.getByTestId("status-badge").first().innerText()).toBe("Cancelled");
    expect(await tab.page.getByRole("button", { name: "Cancel Request" }).count()).toBe(0);
  });

  it("shows the demo client its seeded requests, its reports and its welcome cards", async () => {
    // The signed-in pages, the charts of the reports among them, work under the Content-Security-Policy.
    const cspViolations = await watchCspViolations(tab.page);
    await apiSignIn(tab.context, DEMO.client, DEMO.password);
    // The demo client's requests (decision 103), newest first: two matched, the oldest closed with a hire.
    await expect
      .poll(
        async () =>
          (await (await tab.context.request.get("/api/quote-requests/me")).json()).map(
            (r: { status: string }) => r.status,
          ),
        {
          timeout: 20_000,
        },
      )
      .toEqual(["matched", "matched", "closed"]);
    await tab.page.goto("/");
    await tab.page.getByRole("heading", { name: /Welcome back/ }).waitFor();
    // Each card says what it counts and leads where it can be acted on (issue 30).
    const cards = tab.page.getByTestId("welcome-card");
    const shown = [];
    for (const card of await cards.all()) {
      shown.push({
        card: `${await card.getByRole("heading").innerText()} ${await card.getByTestId("welcome-card-value").innerText()}`,
        link: `${await card.getByRole("link").innerText()} ${await card.getByRole("link").getAttribute("href")}`,
      });
    }
    expect(shown).toEqual([
      { card: "Quote Requests 3", link: "See your requests /dashboard" },
      { card: "Active Projects 2", link: "Compare quotes /dashboard?status=matched" },
      { card: "Company Profile Incomplete", link: "Register as a provider /provider-registration" },
    ]);
    expect(await cards.filter({ hasText: "Active Projects" }).innerText()).toContain("with no hire yet");
    await tab.page.getByRole("link", { name: "Compare quotes" }).click();
    await tab.page.getByRole("heading", { name: "Quote Requests Dashboard" }).waitFor();
    await expect.poll(() => tab.page.getByTestId("quote-request-row").count()).toBe(2);
    expect(await tab.page.getByLabel("Show requests by status").innerText()).toContain("Matched");

    await tab.page.goto("/dashboard");
    await tab.page.getByTestId("quote-request-row").first().waitFor();
    expect(await tab.page.getByTestId("quote-request-row").count()).toBe(3);

    await tab.page.goto("/reports");
    // 1,000 hours (invoices) + 52 x 12 x 2 hours = 1,248 (onboarding) + 12 x 900 x 2 minutes = 360
    // (month-end reconciliation)
    await expect.poll(() => tab.page.getByTestId("total-hours-saved").innerText()).toBe("2,608 hours");
    expect(await accessibilityViolations(tab.page)).toEqual([]);
    await keepScreenshot(tab.page, "client-reports");
    expect((await tab.context.request.get("/reports")).headers()["content-security-policy"]).toContain(
      "script-src 'self'",
    );
    expect(cspViolations()).toEqual([]);
  });

  it("shows a visitor the landing at a request's address, with a way to sign in and come back", async () => {
    await tab.page.goto("/quote-request/1");
    await tab.page.getByRole("heading", { name: "Get Automation Quotes From Vetted Providers" }).waitFor();
    expect(await tab.page.getByRole("link", { name: "Sign in to see your request" }).getAttribute("href")).toBe(
      "/api/login?returnTo=%2Fquote-request%2F1",
    );
  });

  it("answers another client's request with 'Request not found'", async () => {
    await apiSignIn(tab.context, DEMO.client, DEMO.password);
    const mine = await (await tab.context.request.get("/api/quote-requests/me")).json();
    await tab.context.clearCookies();
    const email = uniqueEmail("e2e-other");
    await apiSignUp(tab.context, { firstName: "Other", lastName: "Client", email, password: "another-client-1" });
    await tab.page.goto(`/quote-request/${mine[0].id}`);
    await tab.page.getByRole("heading", { name: "Request not found" }).waitFor();
  });
});
