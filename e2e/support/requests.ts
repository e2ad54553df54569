// The quote request the browser tests' clients send through the API: the valid wizard's body
// (src/shared/quote-requests.fixtures.ts) made a finance team's bill intake into QuickBooks, work the
// demo provider is matched to.
import type { BrowserContext } from "playwright-core";
import { expect } from "vitest";
import { validQuoteRequestBody } from "@/shared/quote-requests.fixtures";

/** Who the request says the client is: its contact part. */
export type RequestContact = { fullName: string; email: string; companyName: string; location: string };

const BUYER: RequestContact = {
  fullName: "Morgan Buyer",
  email: "morgan.buyer@example.com",
  companyName: "Buyer Books LLC",
  location: "Boise, ID",
};

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
      frequency: "daily",
      volume: { quantity: 25, per: "run" },
      timePerTask: { value: 4, unit: "minutes" },
      systems: ["QuickBooks", "Outlook"],
      systemTypes: ["Cloud service"],
      triggerType: "event",
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
