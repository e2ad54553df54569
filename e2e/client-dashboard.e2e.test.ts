import { describe, expect, it } from "vitest";
import { apiSignIn, DEMO } from "./support/accounts";
import { startProduct } from "./support/fixture";

const product = startProduct();

describe("client dashboard filter", () => {
  it("filters the requests by status with the dropdown", async () => {
    const { context, page } = await product.newPage();
    await apiSignIn(context, DEMO.client, DEMO.password);
    await page.goto("/dashboard");
    const rows = page.getByTestId("quote-request-row");
    await rows.first().waitFor();
    // The demo client's three requests (decision 103): two matched, one closed with a hire.
    await expect.poll(() => rows.count()).toBe(3);

    await page.getByRole("combobox", { name: "Show requests by status" }).click();
    await page.getByRole("option", { name: "Closed" }).click();
    await expect.poll(() => rows.count()).toBe(1);
    expect(await rows.first().innerText()).toContain("Month-end reconciliation reports");

    await page.getByRole("combobox", { name: "Show requests by status" }).click();
    await page.getByRole("option", { name: "Open" }).click();
    await page.getByText("No requests with this status.").waitFor();
    expect(await rows.count()).toBe(0);

    await page.getByRole("combobox", { name: "Show requests by status" }).click();
    await page.getByRole("option", { name: "All statuses" }).click();
    await expect.poll(() => rows.count()).toBe(3);
  });
});
