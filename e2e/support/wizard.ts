// A client's request sent through the six-step wizard, the way a client sends one. The wizard's own
// behaviour (messages, drafts, the ROI estimate) is tested in quote-request.e2e.test.ts; this walks
// it with valid answers for the tests that need a request made by a person.
import type { Page } from "playwright-core";
import { expect } from "vitest";
import { FREQUENCY_LABELS, WORKPLACE_LABELS } from "@/shared/quote-request-options";
import type { CreateQuoteRequestInput } from "@/shared/quote-requests";

export type WizardRequest = {
  /** The contact email providers see; the wizard starts from the account's. */
  contactEmail?: string;
  companyName: string;
  industry: string;
  location: string;
  /** The optional country of step 1 (an ISO code); not chosen when absent. */
  country?: string;
  title: string;
  description: string;
  goals: string[];
  /** The label of the frequency's radio button. */
  frequency: string;
  items: number;
  minutesPerItem: number;
  systems: string[];
  systemTypes: string[];
  tasks: string;
  timeline: string;
  budget: string;
  /** The label of step 6's optional on-site answer; not answered when absent. */
  workplace?: string;
};

/**
 * The wizard's answers that send this API body (src/shared/quote-requests.fixtures.ts and
 * support/requests.ts build them), so that a request is described once whichever way a test sends it.
 * The body's volume and time per task are the structured ones, in minutes; the trigger, documentation,
 * NDA and location answers are fillWizard's own (event, yes, no, no preference).
 */
export function wizardAnswersFor(body: CreateQuoteRequestInput): WizardRequest {
  const r = body.requirements;
  if (typeof r.volume !== "object" || typeof r.timePerTask !== "object" || r.timePerTask.unit !== "minutes") {
    throw new Error("wizardAnswersFor: the body needs a structured volume and a time per task in minutes");
  }
  return {
    contactEmail: r.email,
    companyName: r.companyName,
    industry: body.industry,
    location: r.location,
    country: r.country,
    title: body.title,
    description: body.description,
    goals: body.automationTypes,
    frequency: FREQUENCY_LABELS[r.frequency],
    items: r.volume.quantity,
    minutesPerItem: r.timePerTask.value,
    systems: r.systems,
    systemTypes: r.systemTypes,
    tasks: r.tasksToAutomate,
    timeline: body.timeline,
    budget: body.budgetRange,
    workplace: r.workplace ? WORKPLACE_LABELS[r.workplace] : undefined,
  };
}

async function next(page: Page, label: string, step: number) {
  await page.getByRole("button", { name: label }).click();
  await expect.poll(() => page.getByTestId("wizard-step").innerText()).toBe(`Step ${step} of 6`);
}

/** Fills and submits the wizard at /quote-request as the signed-in client; answers the new request's id. */
export async function submitThroughWizard(page: Page, r: WizardRequest): Promise<number> {
  await fillWizard(page, r);
  await page.getByRole("button", { name: "Submit My Request" }).click();

  await page.waitForURL((url) => url.pathname === "/dashboard");
  await page.getByRole("link", { name: `View ${r.title}` }).click();
  await page.waitForURL(/\/quote-request\/\d+$/);
  return Number(new URL(page.url()).pathname.split("/").pop());
}

/** Walks the wizard at /quote-request to its last step, every answer given and the consent checked. */
export async function fillWizard(page: Page, r: WizardRequest): Promise<void> {
  await page.goto("/quote-request");
  await page.getByTestId("wizard-step").waitFor();
  if (r.contactEmail) await page.getByLabel("Work email").fill(r.contactEmail);
  await page.getByLabel("Company name").fill(r.companyName);
  await page.getByLabel("Industry").selectOption(r.industry);
  await page.getByLabel("Location", { exact: true }).fill(r.location);
  if (r.country) await page.getByLabel("Country").selectOption(r.country);
  await next(page, "Next: Your Process", 2);

  await page.getByLabel("Process name").fill(r.title);
  await page.getByLabel("Process description").fill(r.description);
  for (const goal of r.goals) await page.getByRole("checkbox", { name: goal }).check();
  await page.getByRole("radio", { name: r.frequency }).check();
  await page.getByLabel("Number of items").fill(String(r.items));
  await page.getByLabel("Time for one item").fill(String(r.minutesPerItem));
  await next(page, "Next: Your Systems", 3);

  for (const system of r.systems) await page.getByRole("checkbox", { name: system }).check();
  for (const type of r.systemTypes) await page.getByRole("checkbox", { name: type }).check();
  await page.getByRole("radio", { name: /^Event/ }).check();
  await next(page, "Next: What Needs Automating", 4);

  await page.getByLabel("Tasks to automate").fill(r.tasks);
  await next(page, "Next: Timeline & Budget", 5);

  await page.getByRole("group", { name: "Is the process documented?" }).getByRole("radio", { name: "Yes" }).check();
  await page.getByLabel("Timeline").selectOption(r.timeline);
  await page.getByLabel("Budget").selectOption(r.budget);
  await next(page, "Next: Final Preferences", 6);

  await page
    .getByRole("group", { name: "Do providers need to sign an NDA?" })
    .getByRole("radio", { name: "No" })
    .check();
  await page.getByRole("radio", { name: "No preference" }).check();
  if (r.workplace) {
    await page
      .getByRole("group", { name: "Does the work need someone on site?" })
      .getByRole("radio", { name: r.workplace })
      .check();
  }
  await page.getByRole("checkbox", { name: /I agree/ }).check();
}
