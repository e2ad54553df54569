// The quote request the browser tests' clients send through the API: the valid wizard's body
// (src/shared/quote-requests.fixtures.ts; a daily process started by an event) made a finance team's
// bill intake into QuickBooks, work the demo provider is matched to; and the journey it starts, a new
// client's request with the demo provider's lead on it.
import type { BrowserContext } from "playwright-core";
import { expect } from "vitest";
import { validQuoteRequestBody } from "@/shared/quote-requests.fixtures";
import { apiSignIn, apiSignUp, DEMO, type SignUpData } from "./accounts";
import type { Product } from "./fixture";
import { waitForLead } from "./leads";

/** Who the request says the client is: its contact part. */
export type RequestContact = { fullName: string; email: string; companyName: string; location: string };

/** The contact part of a request from this person at this company: "Morgan Buyer", morgan.buyer@example.com. */
export const requestContact = (
  firstName: string,
  lastName: string,
  companyName: string,
  location: string,
): RequestContact => ({
  fullName: `${firstName} ${lastName}`,
  email: `${firstName}.${lastName}@example.com`.toLowerCase(),
  companyName,
  location,
});

const BUYER = requestContact("Morgan", "Buyer", "Buyer Books LLC", "Boise, ID");

/** The bill intake request of this title, from `contact`. */
export function billIntakeRequestBody(title: string, contact: RequestContact = BUYER) {
  return validQuoteRequestBody({
    title,
    description: "Our accounts team keys vendor bills from PDF into QuickBooks every day by hand.",
    industry: "finance",
    automationTypes: ["Save time", "Cut costs"],
    budgetRange: "$15k-$30k",
    timeline: "1-3months",
    requirements: {
      ...contact,
      volume: { quantity: 25, per: "run" },
      timePerTask: { value: 4, unit: "minutes" },
      systems: ["QuickBooks", "Outlook"],
      systemTypes: ["Cloud service"],
      tasksToAutomate: "Read each bill email, create the bill in QuickBooks, attach the PDF.",
      hasDocumentation: "yes",
      requiresNDA: "no",
      locationPreference: "no-preference",
      // Answers this request leaves empty, as the wizard would send them: not at all.
      department: undefined,
      exceptions: undefined,
    },
  });
}

/** Submits the request as the client signed in on `context` (201): answers its id. */
export async function submitRequest(context: BrowserContext, body: object): Promise<number> {
  const created = await context.request.post("/api/quote-requests", { data: body });
  expect(created.status(), await created.text()).toBe(201);
  return (await created.json()).id;
}

/**
 * A new person's request with the demo provider's lead on it: `person` signs up on `client`, confirmed
 * by the emailed link (providers see a client's contact details only then, decision 114), and sends the
 * bill intake request of this title as `contact`; the demo provider, signed in on `provider`, waits for
 * its lead. Answers the request, the lead and the name of the demo provider's company.
 */
export async function requestWithDemoLead(
  product: Product,
  contexts: { client: BrowserContext; provider: BrowserContext },
  person: SignUpData,
  title: string,
  contact?: RequestContact,
): Promise<{ requestId: number; leadId: number; company: string }> {
  await apiSignUp(contexts.client, person, product);
  const requestId = await submitRequest(contexts.client, billIntakeRequestBody(title, contact));
  await apiSignIn(contexts.provider, DEMO.provider, DEMO.password);
  const leadId = await waitForLead(contexts.provider, title);
  const company: string = (await (await contexts.provider.request.get("/api/companies/me")).json()).name;
  return { requestId, leadId, company };
}
