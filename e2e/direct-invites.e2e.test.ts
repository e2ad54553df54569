// Direct invites (issue 32 part 4, decision 172): a client asks a provider for a quote from its public
// profile; the wizard says whom the request goes to first (and lets the client take that back); the
// request page says how it went; the provider sees the lead marked as invited, why it came, and its
// analytics count invited leads apart.
import { describe, expect, it } from "vitest";
import { apiSignIn, DEMO } from "./support/accounts";
import { accessibilityViolations } from "./support/axe";
import { keepScreenshot, pagePerTest, startProduct } from "./support/fixture";
import { waitForLead } from "./support/leads";
import { billIntakeRequestBody } from "./support/requests";
import { submitThroughWizard, wizardAnswersFor } from "./support/wizard";

const product = startProduct();
const tab = pagePerTest(product);

describe("direct invites", () => {
  it("a client invites the demo provider from its profile; the provider gets the lead first, marked as invited", async () => {
    const provider = await product.newContext();
    await apiSignIn(provider, DEMO.provider, DEMO.password);
    const { slug } = (await (await provider.request.get("/api/companies/me/public-profile")).json()) as {
      slug: string;
    };
    const { name } = (await (await provider.request.get("/api/companies/me")).json()) as { name: string };

    const { context, page } = tab;
    await apiSignIn(context, DEMO.client, DEMO.password);
    const invite = page.getByTestId("invite-notice");
    const fromProfile = async () => {
      await page.goto(`/providers/${slug}`);
      await page.getByRole("link", { name: `Request a quote from ${name}`, exact: true }).click();
      await page.waitForURL((url) => url.pathname === "/quote-request" && url.searchParams.get("provider") === slug);
      await invite.waitFor();
    };

    // The wizard names the provider; "Remove" takes the invitation back, and it stays gone.
    await fromProfile();
    expect(await invite.innerText()).toContain(`Your request goes to ${name} first.`);
    expect(await accessibilityViolations(page)).toEqual([]);
    await invite.getByRole("button", { name: `Remove ${name}` }).click();
    await expect.poll(() => invite.count()).toBe(0);
    expect(new URL(page.url()).search).toBe("");
    await page.reload();
    await page.getByTestId("wizard-step").waitFor();
    expect(await invite.count()).toBe(0);

    // Invited again, it lasts through the wizard's steps to the request.
    await fromProfile();
    await keepScreenshot(page, "wizard-invite");
    const title = `Invited bill intake ${Date.now()}`;
    await submitThroughWizard(page, wizardAnswersFor(billIntakeRequestBody(title)));
    const line = page.getByTestId("invite-line");
    await line.waitFor();
    expect(await line.innerText()).toMatch(new RegExp(`^(Sent to ${name} first|${name} received your request first)`));

    // Matching (a background job) sends it to the provider first.
    const leadId = await waitForLead(provider, title);
    await expect
      .poll(
        async () => {
          await page.reload();
          await line.waitFor();
          return line.innerText();
        },
        { timeout: 20_000 },
      )
      .toBe(`${name} received your request first, as you asked.`);
    expect(await line.getByRole("link", { name }).getAttribute("href")).toBe(`/providers/${slug}`);

    const providerPage = await provider.newPage();
    await providerPage.goto(`/provider-dashboard/leads/${leadId}`);
    await providerPage.getByTestId("invited-badge").waitFor();
    const why = providerPage.getByTestId("score-part-invited");
    expect(await why.innerText()).toContain("Invited by the client");
    expect(await why.innerText()).toContain("The client asked for a quote from you");
    expect(await why.innerText()).not.toMatch(/points/);
    expect(await accessibilityViolations(providerPage)).toEqual([]);
    await keepScreenshot(providerPage, "lead-invited");

    await providerPage.goto("/analytics");
    const sources = providerPage.getByTestId("lead-sources-table");
    await sources.waitFor();
    const invitedRow = sources.getByRole("row", { name: /Invited by clients from your profile/ });
    // Source, leads, hires: at least this lead, invited.
    const [, leads] = (await invitedRow.innerText()).match(/(\d+)\s+(\d+)\s*$/) ?? [];
    expect(Number(leads)).toBeGreaterThanOrEqual(1);
  });

  it("an address naming no listed provider shows no notice and sends no invitation", async () => {
    const { context, page } = tab;
    await apiSignIn(context, DEMO.client, DEMO.password);
    await page.goto("/quote-request?provider=no-such-provider");
    await page.getByTestId("wizard-step").waitFor();
    const sent = page.waitForRequest(
      (r) => r.method() === "POST" && new URL(r.url()).pathname === "/api/quote-requests",
    );
    // submitThroughWizard reaches the new request only if the server took it (no 400 at invitedProvider).
    await submitThroughWizard(page, wizardAnswersFor(billIntakeRequestBody(`Not invited ${Date.now()}`)));
    expect((await sent).postDataJSON()).not.toHaveProperty("invitedProvider");
    expect(await page.getByTestId("invite-line").count()).toBe(0);
  });
});
