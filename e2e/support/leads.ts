// What the browser tests of leads share: a provider company approved (and subscribed) through the API, and
// the lead matching delivers to a provider, found by its request's title.
import type { BrowserContext } from "playwright-core";
import { expect } from "vitest";
import { apiSignIn, DEMO } from "./accounts";
import type { Product } from "./fixture";

/** The company approved by the demo admin, through the API. */
export async function approveCompany(product: Pick<Product, "newContext">, companyId: number): Promise<void> {
  const admin = await product.newContext();
  await apiSignIn(admin, DEMO.admin, DEMO.password);
  expect((await admin.request.patch(`/api/admin/providers/${companyId}/approve`)).status()).toBe(200);
}

/**
 * The signed-in provider's company, registered already, approved by the demo admin and subscribed with
 * the demo billing's test card: eligible for leads.
 */
export async function approveAndSubscribe(product: Product, context: BrowserContext, companyId: number): Promise<void> {
  await approveCompany(product, companyId);
  const started = await context.request.post("/api/create-subscription");
  expect(started.status(), await started.text()).toBe(200);
  const confirmed = await context.request.post("/api/subscription/demo/confirm", {
    data: {
      clientSecret: (await started.json()).clientSecret,
      cardNumber: "4242424242424242",
      expiry: "12 / 34",
      cvc: "123",
    },
  });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
}

/** The id of the provider's lead for the request of this title, 0 when it has none. */
export async function leadFor(context: BrowserContext, title: string): Promise<number> {
  const leads = await (await context.request.get("/api/leads/me")).json();
  return leads.find((l: { title: string }) => l.title === title)?.id ?? 0;
}

/** The id of the provider's lead for the request of this title, once matching delivered it. */
export async function waitForLead(context: BrowserContext, title: string): Promise<number> {
  let id = 0;
  await expect
    .poll(
      async () => {
        id = await leadFor(context, title);
        return id;
      },
      { timeout: 30_000 },
    )
    .toBeGreaterThan(0);
  return id;
}
