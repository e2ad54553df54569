// A provider edits its public profile in Settings (issue 17, decision 140): the address (a taken one is
// refused at the field), the industries served, and its case studies; the preview link follows the address.
import type { BrowserContext, Page } from "playwright-core";
import { beforeEach, describe, expect, it } from "vitest";
import { SLUG_TAKEN_MESSAGE } from "@/shared/providers";
import { apiSignIn, DEMO } from "./support/accounts";
import { accessibilityViolations } from "./support/axe";
import { keepScreenshot, startProduct } from "./support/fixture";

const product = startProduct();
/** The demo provider whose company waits for review (src/server/features/companies/seed.ts). */
const DEMO_APPLICANT_EMAIL = "applicant@demo.automatch.io";
let context: BrowserContext;
let page: Page;

beforeEach(async () => {
  ({ context, page } = await product.newPage());
  await apiSignIn(context, DEMO.provider, DEMO.password);
});

const settings = async () =>
  (await context.request.get("/api/companies/me/public-profile")).json() as Promise<{
    slug: string;
    industriesServed: string[];
    isPublic: boolean;
  }>;
const caseTitles = async () =>
  ((await (await context.request.get("/api/companies/me/case-studies")).json()) as { title: string }[]).map(
    (c) => c.title,
  );
const toast = () => page.getByTestId("toast").last().innerText();

describe("the public profile in Settings", () => {
  it("changes the address (a taken one is refused at the field) and the industries, and the link follows", async () => {
    await page.goto("/settings");
    const card = page.getByTestId("public-profile-card");
    await card.getByRole("heading", { name: "Public Profile" }).waitFor();
    await page.getByTestId("case-studies-card").getByRole("heading", { name: "Case Studies" }).waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);

    const before = await settings();
    expect(before.isPublic).toBe(true);
    expect(await card.getByTestId("public-profile-status").innerText()).toContain("Public");
    const link = card.getByRole("link", { name: /View public profile/ });
    expect(await link.getAttribute("href")).toBe(`/providers/${before.slug}`);
    expect(await card.getByTestId("public-profile-url").innerText()).toBe(
      `${product.baseURL}/providers/${before.slug}`,
    );

    // Another demo provider's address: the server refuses it, and the form says so at the field.
    const slug = card.getByLabel("Profile address");
    await slug.fill("lumen-insight-consulting");
    await card.getByRole("button", { name: "Save Public Profile" }).click();
    await expect.poll(() => card.getByText(SLUG_TAKEN_MESSAGE).count()).toBe(1);
    expect(await slug.getAttribute("aria-invalid")).toBe("true");
    expect((await settings()).slug).toBe(before.slug);

    // The schema's own message, before anything is sent.
    await slug.fill("-bad-");
    await card.getByRole("button", { name: "Save Public Profile" }).click();
    await expect.poll(() => card.getByText(/Use 3-60 lowercase letters/).count()).toBe(1);

    // Upper case is lowered; the full address shows as it is typed.
    await slug.fill("Pats-Automation-Studio");
    expect(await card.getByTestId("public-profile-url").innerText()).toBe(
      `${product.baseURL}/providers/pats-automation-studio`,
    );
    await card.getByRole("checkbox", { name: "Healthcare" }).check();
    await card.getByRole("checkbox", { name: "Retail" }).uncheck();
    await card.getByRole("button", { name: "Save Public Profile" }).click();
    await expect.poll(toast).toContain("Public Profile Saved");
    await expect.poll(async () => (await settings()).slug).toBe("pats-automation-studio");
    const after = await settings();
    expect(after.industriesServed).toEqual(["finance", "healthcare", "manufacturing"]);
    await expect
      .poll(() => card.getByRole("link", { name: /View public profile/ }).getAttribute("href"))
      .toBe("/providers/pats-automation-studio");
    expect(await card.getByRole("checkbox", { name: "Healthcare" }).isChecked()).toBe(true);
    await keepScreenshot(page, "settings-public-profile");
  });

  it("lets a company waiting for review prepare its profile, with a preview instead of the public page", async () => {
    const applicant = await product.newPage();
    await apiSignIn(applicant.context, DEMO_APPLICANT_EMAIL, DEMO.password);
    await applicant.page.goto("/settings");
    const card = applicant.page.getByTestId("public-profile-card");
    await card.getByRole("heading", { name: "Public Profile" }).waitFor();
    expect(await card.getByTestId("public-profile-status").innerText()).toContain(
      "Visible once your company is approved",
    );
    const { slug } = (await (await applicant.context.request.get("/api/companies/me/public-profile")).json()) as {
      slug: string;
    };
    expect(await card.getByRole("link", { name: /Preview profile/ }).getAttribute("href")).toBe(`/providers/${slug}`);
    expect(await card.getByRole("link", { name: /View public profile/ }).count()).toBe(0);
  });

  it("adds, edits and deletes a case study", async () => {
    await page.goto("/settings");
    const card = page.getByTestId("case-studies-card");
    await card.getByRole("heading", { name: "Case Studies" }).waitFor();
    const seeded = await caseTitles();
    await card.getByRole("list", { name: "Your case studies" }).getByRole("listitem").first().waitFor();
    expect(await card.getByRole("list", { name: "Your case studies" }).getByRole("listitem").count()).toBe(
      seeded.length,
    );

    // Add: an empty form is refused with the schema's messages, a full one is saved.
    await card.getByRole("button", { name: "Add Case Study" }).click();
    await card.getByRole("button", { name: "Add Case Study" }).click();
    await expect.poll(() => card.getByText("Title must be at least 3 characters").count()).toBe(1);
    expect(await card.getByText("Problem must be at least 20 characters").count()).toBe(1);
    await card.getByLabel("Title", { exact: true }).fill("Payroll inputs collected without email");
    await card.getByLabel("Client's industry").selectOption("retail");
    await card
      .getByLabel("Problem", { exact: true })
      .fill("Store managers emailed hours and absences in spreadsheets, and payroll retyped them.");
    await card
      .getByLabel("Solution", { exact: true })
      .fill("A form per store feeds a workflow that checks the hours and loads them into payroll.");
    await card
      .getByLabel("Result", { exact: true })
      .fill("Payroll runs from checked data and nobody retypes a spreadsheet any more.");
    await card.getByRole("button", { name: "Add figure" }).click();
    await card.getByLabel("Figure 1 label").fill("Stores connected");
    await card.getByLabel("Figure 1 value").fill("85");
    await card.getByRole("button", { name: "Add figure" }).click();
    await card.getByLabel("Figure 2 label").fill("Hours saved a month");
    await card.getByLabel("Figure 2 value").fill("120");
    expect(await accessibilityViolations(page)).toEqual([]);
    await card.getByRole("button", { name: "Add Case Study" }).click();
    await expect.poll(toast).toContain("Case Study Added");
    await expect.poll(caseTitles).toEqual([...seeded, "Payroll inputs collected without email"]);
    await card.getByRole("heading", { name: "Payroll inputs collected without email" }).waitFor();

    // Edit: a new title, one figure fewer.
    await card.getByRole("button", { name: "Edit Payroll inputs collected without email" }).click();
    await card.getByLabel("Title", { exact: true }).fill("Payroll inputs from 85 stores");
    await card.getByRole("button", { name: "Remove figure 2" }).click();
    await card.getByRole("button", { name: "Save Case Study" }).click();
    await expect.poll(toast).toContain("Case Study Saved");
    await expect.poll(caseTitles).toEqual([...seeded, "Payroll inputs from 85 stores"]);
    const studies = (await (await context.request.get("/api/companies/me/case-studies")).json()) as {
      title: string;
      figures: unknown[];
    }[];
    expect(studies.at(-1)?.figures).toEqual([{ label: "Stores connected", value: "85" }]);

    // Delete, after a confirmation.
    await card.getByRole("button", { name: "Delete Payroll inputs from 85 stores" }).click();
    const dialog = page.getByRole("alertdialog", { name: "Delete this case study?" });
    await dialog.waitFor();
    await dialog.getByRole("button", { name: "Delete Case Study" }).click();
    await expect.poll(toast).toContain("Case Study Deleted");
    await expect.poll(caseTitles).toEqual(seeded);
    await expect.poll(() => card.getByRole("heading", { name: "Payroll inputs from 85 stores" }).count()).toBe(0);
  });
});
