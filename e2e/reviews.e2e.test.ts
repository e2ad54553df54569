import { describe, expect, it } from "vitest";
import { apiSignIn, apiSignUp, DEMO, newPerson } from "./support/accounts";
import { accessibilityViolations } from "./support/axe";
import { keepScreenshot, startProduct } from "./support/fixture";
import { waitForLead } from "./support/leads";
import { billIntakeRequestBody, submitRequest } from "./support/requests";
import { toastText } from "./support/toast";

// With mail: a new client confirms its address, without which its requests reach no provider (decision 150).
const product = startProduct({ mail: true });

const PROVIDER_NAME = "Pat's Process Automation";
const REVIEW_TEXT = "The bot files every bill in QuickBooks overnight; we only check the odd exception now.";

/** A new client whose request the demo provider quoted and the client accepted: a hire, through the API. */
async function hiringClient(title: string) {
  const client = await product.newPage();
  await apiSignUp(client.context, newPerson("Morgan", "Buyer", "e2e-reviewer"), product);
  const requestId = await submitRequest(client.context, billIntakeRequestBody(title));
  const provider = await product.newContext();
  await apiSignIn(provider, DEMO.provider, DEMO.password);
  const leadId = await waitForLead(provider, title);
  const quoted = await provider.request.post(`/api/leads/${leadId}/quote`, {
    data: { amount: 12_000, timeline: "4 weeks", message: "A bot that reads each bill and files it in QuickBooks." },
  });
  expect(quoted.status(), await quoted.text()).toBe(201);
  const accepted = await client.context.request.post(`/api/quotes/${(await quoted.json()).id}/accept`);
  expect(accepted.status(), await accepted.text()).toBe(200);
  return { ...client, requestId };
}

describe("verified reviews", () => {
  it("the hiring client reviews, the provider replies once in Settings, the admin hides it with a reason", async () => {
    const title = `Vendor bills into QuickBooks ${Date.now()}`;
    const { page, context, requestId } = await hiringClient(title);

    // The invitation's link lands on the request's review card.
    const notes = await (await context.request.get("/api/notifications")).json();
    const invitation = notes.notifications.find((n: { kind: string }) => n.kind === "review.invited");
    expect(invitation).toMatchObject({
      title: `Once the work is done, review ${PROVIDER_NAME}`,
      link: `/quote-request/${requestId}#review`,
    });
    await page.goto(invitation.link);
    const card = page.getByTestId("review-card");
    await card.getByRole("heading", { name: `Review ${PROVIDER_NAME}` }).waitFor();
    const estimate = await card.getByText(/^Estimated: [\d,]+ hours a year$/).innerText();
    expect(estimate).toMatch(/^Estimated: /);

    // The shared schema answers in the page before anything is sent.
    await card.getByRole("button", { name: "Publish review" }).click();
    await card.getByText("Choose a rating from 1 to 5 stars").waitFor();
    await card.getByText("Review must be at least 20 characters").waitFor();
    await card.getByText("Tell us whether the automation saved the hours estimated").waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);

    const stars = card.getByRole("group", { name: "Your rating" });
    expect(await stars.getByRole("radio").count()).toBe(5);
    await stars.getByRole("radio", { name: "4 stars" }).check();
    await card.getByLabel("Your review").fill(REVIEW_TEXT);
    await card
      .getByRole("group", { name: "Did the automation save the hours estimated?" })
      .getByLabel("Partly")
      .check();
    await card.getByLabel(/Hours actually saved a year/).fill("-3");
    await card.getByRole("button", { name: "Publish review" }).click();
    await card.getByText("Hours saved cannot be negative").waitFor();
    await card.getByLabel(/Hours actually saved a year/).fill("300");
    await card.getByRole("button", { name: "Publish review" }).click();
    await expect.poll(() => toastText(page)).toContain("Review published");
    await card.getByRole("heading", { name: `Your review of ${PROVIDER_NAME}` }).waitFor();
    const written = card.getByTestId("review");
    expect(await written.getByRole("img", { name: "4 out of 5 stars" }).count()).toBe(1);
    expect(await written.innerText()).toContain(REVIEW_TEXT);
    expect(await written.innerText()).toContain("Partly");
    expect(await written.innerText()).toContain(
      `300 hours (${estimate.replace("Estimated", "estimated").replace(" a year", "")})`,
    );
    expect(await card.getByTestId("review-form").count()).toBe(0);
    expect(await accessibilityViolations(page)).toEqual([]);
    await keepScreenshot(page, "review-written");

    // The provider replies once, from Settings.
    const provider = await product.newPage();
    await apiSignIn(provider.context, DEMO.provider, DEMO.password);
    await provider.page.goto("/settings#reviews");
    const reviews = provider.page.getByTestId("provider-reviews-card");
    await reviews.getByRole("heading", { name: "Reviews" }).waitFor();
    const item = reviews.getByRole("listitem").filter({ hasText: REVIEW_TEXT });
    await item.getByRole("button", { name: "Publish reply" }).click();
    await item.getByText("Reply must be at least 2 characters").waitFor();
    await item.getByLabel("Your public reply").fill("Thank you, Morgan: we will tune the exception rules next month.");
    await item.getByRole("button", { name: "Publish reply" }).click();
    await expect.poll(() => toastText(provider.page)).toContain("Reply published");
    await item.getByTestId("review-reply").waitFor();
    expect(await item.getByTestId("reply-form").count()).toBe(0);
    expect(await accessibilityViolations(provider.page)).toEqual([]);

    await page.reload();
    await card.getByTestId("review-reply").waitFor();
    expect(await card.getByTestId("review-reply").innerText()).toContain(`Reply from ${PROVIDER_NAME}`);

    // The admin hides it with a reason, from the Reviews tab.
    const admin = await product.newPage();
    await apiSignIn(admin.context, DEMO.admin, DEMO.password);
    await admin.page.goto("/admin/reviews");
    await admin.page.getByRole("tab", { name: "Reviews", selected: true }).waitFor();
    const row = admin.page.getByTestId("admin-review").filter({ hasText: REVIEW_TEXT });
    await row.waitFor();
    expect(await row.innerText()).toContain(title);
    expect(await accessibilityViolations(admin.page)).toEqual([]);
    await keepScreenshot(admin.page, "admin-reviews");
    await row.getByRole("button", { name: "Hide" }).click();
    const dialog = admin.page.getByRole("dialog", { name: "Hide this review?" });
    await dialog.getByRole("button", { name: "Hide review" }).click();
    await dialog.getByText("Write a reason.").waitFor();
    await dialog.getByLabel("Reason").fill("Names a member of staff");
    expect(await accessibilityViolations(admin.page)).toEqual([]);
    await dialog.getByRole("button", { name: "Hide review" }).click();
    await expect.poll(() => toastText(admin.page)).toContain("Review hidden");
    await expect.poll(() => row.innerText()).toContain("Names a member of staff");
    expect(await row.getByRole("button", { name: "Hide" }).count()).toBe(0);
    await admin.page.getByLabel("Show").selectOption("visible");
    await expect.poll(() => row.count()).toBe(0);
    await admin.page.getByLabel("Show").selectOption("hidden");
    await row.waitFor();

    // The client sees it hidden, with why.
    await page.reload();
    await expect.poll(() => card.getByTestId("review-hidden").innerText()).toContain("Names a member of staff");
  });

  it("a client of another request sees no review form, nor the hiring client's request", async () => {
    const hired = await hiringClient(`Bills for another client ${Date.now()}`);
    const other = await product.newPage();
    await apiSignUp(other.context, newPerson("Olive", "Other", "e2e-other-client"));
    const own = await submitRequest(other.context, billIntakeRequestBody("Not hired yet"));
    // The page asks whether there is a review to write; with no hire it shows none.
    const asked = other.page.waitForResponse((r) => r.url().endsWith("/review"));
    await other.page.goto(`/quote-request/${own}`);
    await other.page.getByRole("heading", { level: 1, name: "Not hired yet" }).waitFor();
    expect((await asked).status()).toBe(200);
    expect(await other.page.getByTestId("review-card").count()).toBe(0);

    await other.page.goto(`/quote-request/${hired.requestId}#review`);
    await other.page.getByRole("heading", { name: "Request not found" }).waitFor();
    expect(await other.page.getByTestId("review-card").count()).toBe(0);
    expect((await other.context.request.get(`/api/quote-requests/${hired.requestId}/review`)).status()).toBe(404);
  });
});
