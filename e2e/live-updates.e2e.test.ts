// Live updates (issue 16, decisions 130 and 131): a signed-in tab learns of news without a reload over
// its event stream, within seconds; with the stream refused, the bell polls instead, and once the stream
// is back the news comes live again.
import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { uniqueEmail } from "./support/accounts";
import { startProduct } from "./support/fixture";
import { approveCompany } from "./support/leads";
import { registerProvider, workflowCompany } from "./support/providers";

// On the embedded database, the product's default: its stream is fed by PGlite's own LISTEN (decision
// 130), which the files on PostgreSQL do not reach.
const product = startProduct({ embedded: true });

const bellLabel = (page: Page) => page.getByTestId("notification-bell").getAttribute("aria-label");
const isEvents = (url: string) => new URL(url).pathname === "/api/events";

/** A new user with a company waiting for review, signed in in `context`; answers the company's id. */
const pendingProvider = (context: BrowserContext) =>
  registerProvider(
    context,
    { firstName: "Lia", lastName: "Live", email: uniqueEmail("e2e-live"), password: "streams-and-rivers" },
    workflowCompany(`Livewire Flows ${Date.now()}`),
  );

describe("live updates", () => {
  it("the bell shows news within seconds of it, without a reload", async () => {
    const { context, page } = await product.newPage();
    const companyId = await pendingProvider(context);
    const stream = page.waitForResponse((r) => isEvents(r.url()));
    await page.goto("/settings");
    await page.getByRole("heading", { name: "Settings" }).waitFor();
    expect((await stream).status()).toBe(200);
    expect(await bellLabel(page)).toBe("Notifications");

    await approveCompany(product, companyId);
    // Within the default poll's 10 s, far under the bell's 30 s fallback: the stream told the tab.
    await expect.poll(() => bellLabel(page)).toBe("Notifications, 1 unread");
    expect(await page.getByTestId("notification-count").innerText()).toBe("1");
  });

  it("with the stream refused, the bell polls; once the stream is back, news comes live again", async () => {
    const { context, page } = await product.newPage();
    const companyId = await pendingProvider(context);
    // The page's clock is the test's to move on: the waits below are the app's own 30 s, not the test's.
    await page.clock.install();
    await page.route("**/api/events", (route) => route.abort());
    await page.goto("/settings");
    await page.getByRole("heading", { name: "Settings" }).waitFor();
    expect(await bellLabel(page)).toBe("Notifications");

    await approveCompany(product, companyId);
    // The bell's own poll (every 30 s while the stream is down) brings the news; not before.
    expect(await bellLabel(page)).toBe("Notifications");
    await page.clock.fastForward(31_000);
    await expect.poll(() => bellLabel(page)).toBe("Notifications, 1 unread");

    // The tab opens its stream again by itself (its waits grow to 30 s at most).
    const back = page.waitForResponse((r) => isEvents(r.url()) && r.status() === 200);
    await page.unroute("**/api/events");
    await page.clock.fastForward(31_000);
    await back;

    // The free trial starts; its news (and the lead it brings, in the background) come live.
    const started = await context.request.post("/api/create-subscription");
    const { clientSecret } = await started.json();
    const confirmed = await context.request.post("/api/subscription/demo/confirm", {
      data: { clientSecret, cardNumber: "4242424242424242", expiry: "12 / 34", cvc: "123" },
    });
    expect(confirmed.ok()).toBe(true);
    await expect.poll(() => bellLabel(page)).toMatch(/^Notifications, ([2-9]|\d{2,}) unread$/);
  });
});
