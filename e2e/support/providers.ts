// Providers the browser tests make through the API: a new user who registers a company, left waiting
// for the admin's review or approved and subscribed (eligible for leads).
import type { BrowserContext } from "playwright-core";
import { expect } from "vitest";
import { apiSignUp, type SignUpData, uniqueEmail } from "./accounts";
import type { Product } from "./fixture";
import { approveAndSubscribe } from "./leads";

/** What POST /api/companies takes. */
export type CompanyFields = {
  name: string;
  description: string;
  industry: string;
  website?: string;
  location: string;
  country: string;
  size: string;
  specialties: string[];
};

/** A small workflow automation firm in Denver: the company of the bell's tests. */
export const workflowCompany = (name: string): CompanyFields => ({
  name,
  description: "We connect CRMs, ERPs and inboxes with workflow automation for growing service businesses.",
  industry: "automation",
  location: "Denver, CO",
  country: "US",
  size: "small",
  specialties: ["Workflow Automation", "System Integration"],
});

/** Signs `user` up on `context` and registers its company (201), waiting for review: answers the company's id. */
export async function registerProvider(
  context: BrowserContext,
  user: SignUpData,
  company: CompanyFields,
): Promise<number> {
  await apiSignUp(context, user);
  const created = await context.request.post("/api/companies", { data: company });
  expect(created.status(), await created.text()).toBe(201);
  return (await created.json()).id;
}

/**
 * A new provider in a browser context of its own, its company approved by the demo admin and subscribed
 * with the demo test card: eligible for leads. Answers how it signs in.
 */
export async function subscribedProvider(
  product: Product,
  user: Omit<SignUpData, "email"> & { emailTag: string },
  company: CompanyFields,
): Promise<{ email: string; password: string }> {
  const { emailTag, ...name } = user;
  const email = uniqueEmail(emailTag);
  const context = await product.newContext();
  await approveAndSubscribe(product, context, await registerProvider(context, { ...name, email }, company));
  return { email, password: user.password };
}
