import { describe, expect, it } from "vitest";
import { validQuoteRequestBody } from "@/shared/quote-requests.fixtures";
import { PROVIDER_SPECIALTIES } from "@/shared/specialties";
import { apiSignIn, apiSignUp, newPerson } from "./support/accounts";
import { accessibilityViolations } from "./support/axe";
import { keepScreenshot, startProduct } from "./support/fixture";
import { leadFor, waitForLead } from "./support/leads";
import { subscribedProvider } from "./support/providers";
import { submitRequest } from "./support/requests";
import { toastText } from "./support/toast";

// Two providers a request: two of the three seeded ones get it, the third is next in line.
// With mail: a new client confirms its address, without which its requests reach no provider (decision 150).
const product = startProduct({ mail: true, env: async () => ({ MATCH_LEADS_PER_REQUEST: "2" }) });

/** An approved, subscribed provider in the US with every specialty: it outscores every demo provider below. */
const seedProvider = (name: string) =>
  subscribedProvider(
    product,
    { firstName: "Dee", lastName: "Provider", emailTag: "e2e-decline-provider", password: "decline-provider-pass" },
    {
      name,
      description: "We automate anything from mainframe screens to cloud APIs, with our own team of engineers.",
      industry: "automation",
      website: "",
      location: "Austin, TX",
      country: "US",
      size: "medium",
      specialties: [...PROVIDER_SPECIALTIES],
    },
  );

describe("declining a lead", () => {
  it("a provider declines a lead with a reason and sees it declined; the next provider receives the request", async () => {
    const stamp = Date.now();
    const first = await seedProvider(`Decline First ${stamp}`);
    const second = await seedProvider(`Decline Second ${stamp}`);
    const third = await seedProvider(`Decline Third ${stamp}`);

    // A US-only technology request asking for many skills: the seeded providers, with every skill,
    // outscore the demo's (none of which has all of them or wins in technology).
    const title = `Records sync ${stamp}`;
    const client = await product.newPage();
    await apiSignUp(client.context, newPerson("Cleo", "Client", "e2e-decline-client"), product);
    const body = validQuoteRequestBody({
      title,
      industry: "tech",
      automationTypes: ["Reduce errors", "Improve compliance", "Scale operations"],
      budgetRange: "$30k-$50k",
      requirements: {
        systems: ["Oracle", "ServiceNow", "Internal App"],
        systemTypes: ["Database"],
        triggerType: "event",
        locationPreference: "us-only",
      },
    });
    await submitRequest(client.context, body);

    // The seeded providers' recent leads differ (each picked up the demo's requests short of providers
    // when it became eligible), so which two lead is read, not assumed: the one left out is next in line.
    const seeded = await Promise.all(
      [first, second, third].map(async (p) => {
        const opened = await product.newPage();
        await apiSignIn(opened.context, p.email, p.password);
        return opened;
      }),
    );
    await expect
      .poll(
        async () => (await Promise.all(seeded.map((p) => leadFor(p.context, title)))).filter((id) => id > 0).length,
        {
          timeout: 30_000,
        },
      )
      .toBe(2);
    const ids = await Promise.all(seeded.map((p) => leadFor(p.context, title)));
    const holders = seeded.filter((_, i) => (ids[i] ?? 0) > 0);
    const [decliner, keeper] = holders as [(typeof seeded)[number], (typeof seeded)[number]];
    const next = seeded.find((_, i) => ids[i] === 0) as (typeof seeded)[number];
    const { context, page } = decliner;
    const leadId = await leadFor(context, title);
    await page.goto("/provider-dashboard");
    const row = page.getByTestId("lead-row").filter({ hasText: title });
    await row.getByRole("link", { name: /View Details/ }).click();
    await page.waitForURL(new RegExp(`/provider-dashboard/leads/${leadId}$`));
    await page.getByRole("heading", { name: "Send a quote" }).waitFor();

    // The dialog asks for a reason before anything is sent.
    await page.getByRole("button", { name: "Decline lead" }).click();
    const dialog = page.getByRole("dialog", { name: "Decline this lead?" });
    await dialog.waitFor();
    await dialog.getByRole("button", { name: "Decline", exact: true }).click();
    await dialog.getByText("Choose why you are declining this lead.").waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "detached" });

    await page.getByRole("button", { name: "Decline lead" }).click();
    await dialog.getByLabel("Too small for us").check();
    await dialog.getByLabel(/Note/).fill("We take on projects from $100k.");
    await keepScreenshot(page, "decline-lead-dialog");
    await dialog.getByRole("button", { name: "Decline", exact: true }).click();
    await dialog.waitFor({ state: "detached" });
    await expect.poll(() => toastText(page)).toContain("Lead declined");
    expect(await toastText(page)).toContain("We'll offer the request to another provider.");

    // Declined, read-only: no quote form, no decline button, the reason and the note shown back.
    await expect.poll(() => page.getByTestId("lead-status").innerText()).toBe("Declined");
    const notice = page.getByTestId("lead-declined");
    expect(await notice.innerText()).toContain("Too small for us");
    expect(await notice.innerText()).toContain("We take on projects from $100k.");
    expect(await page.getByRole("heading", { name: "Send a quote" }).count()).toBe(0);
    expect(await page.getByRole("button", { name: "Decline lead" }).count()).toBe(0);
    await keepScreenshot(page, "decline-lead-declined");

    // It stays in the provider's list, marked declined.
    await page.getByRole("link", { name: "Available Leads" }).first().click();
    await expect
      .poll(() => page.getByTestId("lead-row").filter({ hasText: title }).getByTestId("lead-status").innerText())
      .toBe("Declined");

    // The provider next in line receives the request in its place and finds it on its dashboard.
    await waitForLead(next.context, title);
    await next.page.goto("/provider-dashboard");
    const delivered = next.page.getByTestId("lead-row").filter({ hasText: title });
    await delivered.waitFor();
    expect(await delivered.getByTestId("lead-status").innerText()).toBe("New");

    // The other still has its lead; the decliner is not offered the request again.
    expect(await leadFor(keeper.context, title)).toBeGreaterThan(0);
    const mine = await (await context.request.get("/api/leads/me")).json();
    expect(mine.filter((l: { title: string }) => l.title === title)).toHaveLength(1);
  });
});
