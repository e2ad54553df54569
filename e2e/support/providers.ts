// Test providers and the marketplace they share with the other test files.
import type { BrowserContext } from "playwright-core";

/**
 * Ends the subscription of a provider a test made eligible. A request goes to at most three
 * providers; with the demo provider and at most two others eligible, every test's request reaches
 * the demo provider whatever order the files run in.
 */
export async function retireProvider(context: BrowserContext): Promise<void> {
  const res = await context.request.post("/api/subscription/cancel", { headers: { "x-requested-with": "e2e" } });
  if (!res.ok()) throw new Error(`could not end the test provider's subscription: ${res.status()} ${await res.text()}`);
}
