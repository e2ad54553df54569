// A submission whose answer is lost on the way back (decision 110): the server made the request, the
// browser saw a network error. Submitting again, at once or after a reload, sends the same
// Idempotency-Key and finds the request already made, so the client has one request, not two.
import type { BrowserContext, Page, Route } from "playwright-core";
import { beforeEach, describe, expect, it } from "vitest";
import { validQuoteRequestBody } from "@/shared/quote-requests.fixtures";
import { apiSignIn, DEMO } from "./support/accounts";
import { startProduct } from "./support/fixture";
import { closeToast } from "./support/toast";
import { fillWizard, wizardAnswersFor } from "./support/wizard";

const product = startProduct();
let context: BrowserContext;
let page: Page;

beforeEach(async () => {
  ({ context, page } = await product.newPage());
  await apiSignIn(context, DEMO.client, DEMO.password);
});

/** The valid wizard's request, under this title. */
const request = (title: string) => wizardAnswersFor(validQuoteRequestBody({ title }));

/** The demo client's requests with this title, as the API lists them. */
async function requestsTitled(title: string): Promise<number[]> {
  const res = await context.request.get("/api/quote-requests/me?limit=100");
  expect(res.status()).toBe(200);
  return ((await res.json()) as { id: number; title: string }[]).filter((r) => r.title === title).map((r) => r.id);
}

/**
 * Lets the first submission reach the server, then drops its answer (the connection is reset), and lets
 * every later one through. Answers the Idempotency-Key each submission carried and what the server said.
 */
async function loseFirstAnswer() {
  const sent: { key: string | undefined; status: number; replayed: string | undefined }[] = [];
  await page.route("**/api/quote-requests", async (route: Route) => {
    if (route.request().method() !== "POST") return route.continue();
    const answer = await route.fetch();
    sent.push({
      key: route.request().headers()["idempotency-key"],
      status: answer.status(),
      replayed: answer.headers()["idempotent-replayed"],
    });
    if (sent.length === 1) return route.abort("connectionreset");
    return route.fulfill({ response: answer });
  });
  return sent;
}

const toastText = () => page.getByTestId("toast").first().innerText();

describe("submitting again after a lost answer", () => {
  it("Submit again finds the request already made: one request, two sends with one key", async () => {
    const title = `Delivery notes ${Date.now()}`;
    const sent = await loseFirstAnswer();
    await fillWizard(page, request(title));
    await page.getByRole("button", { name: "Submit My Request" }).click();
    await expect.poll(toastText).toContain("Submission Failed");
    await closeToast(page);
    // The server made it; only the browser does not know.
    expect(await requestsTitled(title)).toHaveLength(1);
    expect(await page.getByTestId("wizard-step").innerText()).toBe("Step 6 of 6");

    await page.getByRole("button", { name: "Submit My Request" }).click();
    await page.waitForURL((url) => url.pathname === "/dashboard");
    await expect.poll(toastText).toContain("Request Submitted Successfully!");
    expect(await requestsTitled(title)).toHaveLength(1);
    expect(sent).toHaveLength(2);
    expect(sent[0]).toMatchObject({ status: 201, replayed: undefined });
    expect(sent[1]).toMatchObject({ status: 201, replayed: "true", key: sent[0]?.key });
    expect(sent[0]?.key).toMatch(/^[0-9a-f-]{36}$/);
    // Nothing of the submission is left behind once it is made.
    expect(await page.evaluate(() => Object.keys(sessionStorage).filter((k) => k.includes("quote-request")))).toEqual(
      [],
    );
  });

  it("a reload keeps the key with the draft, so Submit after it makes no second request either", async () => {
    const title = `Delivery notes reloaded ${Date.now()}`;
    const sent = await loseFirstAnswer();
    await fillWizard(page, request(title));
    await page.getByRole("button", { name: "Submit My Request" }).click();
    await expect.poll(toastText).toContain("Submission Failed");
    await closeToast(page);

    await page.reload();
    await page.getByTestId("wizard-step").waitFor();
    expect(await page.getByTestId("wizard-step").innerText()).toBe("Step 6 of 6");
    await page.getByRole("button", { name: "Submit My Request" }).click();
    await page.waitForURL((url) => url.pathname === "/dashboard");
    expect(await requestsTitled(title)).toHaveLength(1);
    expect(sent.map((s) => s.key)).toEqual([sent[0]?.key, sent[0]?.key]);
    expect(sent[1]?.replayed).toBe("true");

    // The next request is a new one, with a key of its own.
    const next = `Delivery notes, next ${Date.now()}`;
    await fillWizard(page, request(next));
    await page.getByRole("button", { name: "Submit My Request" }).click();
    await page.waitForURL((url) => url.pathname === "/dashboard");
    expect(await requestsTitled(next)).toHaveLength(1);
    expect(sent).toHaveLength(3);
    expect(sent[2]?.key).not.toBe(sent[0]?.key);
    expect(sent[2]?.replayed).toBeUndefined();
  });
});
