import fs from "node:fs";
import type { BrowserContext, Page } from "playwright-core";
import { beforeEach, describe, expect, it } from "vitest";
import { validQuoteRequestBody } from "@/shared/quote-requests.fixtures";
import { apiSignUp, keepScreenshot, startProduct, uniqueEmail } from "./support/fixture";

const product = startProduct();
let context: BrowserContext;
let page: Page;

beforeEach(async () => {
  ({ context, page } = await product.newPage());
});

describe("your data", () => {
  it("a client downloads their data from Settings, then deletes the account and lands on / signed out", async () => {
    const email = uniqueEmail("e2e-leaver");
    const password = "leaving-for-good-42";
    await apiSignUp(context, { firstName: "Lea", lastName: "Ving", email, password });
    const submitted = await context.request.post("/api/quote-requests", {
      data: validQuoteRequestBody({ title: "Invoice intake before leaving" }),
    });
    expect(submitted.status()).toBe(201);

    await page.goto("/settings");
    await page.getByRole("heading", { name: "Your data" }).waitFor();
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Download My Data" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^automatch-my-data-\d{4}-\d{2}-\d{2}\.json$/);
    const file = await download.path();
    const data = JSON.parse(fs.readFileSync(file, "utf8"));
    expect(data.account).toMatchObject({ email, firstName: "Lea", lastName: "Ving", userType: "client" });
    expect(data.quoteRequests.map((r: { title: string }) => r.title)).toEqual(["Invoice intake before leaving"]);

    await page.getByRole("button", { name: "Delete Account" }).click();
    const dialog = page.getByRole("dialog", { name: "Delete your account?" });
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain("Your open and matched requests are cancelled");
    // A wrong password is said under the field, and nothing happens.
    await dialog.getByLabel("Your password").fill("not-my-password");
    await dialog.getByRole("button", { name: "Delete My Account" }).click();
    await expect
      .poll(() => dialog.getByText("The password is not right; your account was not deleted").count())
      .toBe(1);
    await keepScreenshot(page, "settings-delete-account");

    await dialog.getByLabel("Your password").fill(password);
    await dialog.getByRole("button", { name: "Delete My Account" }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe("/");
    await expect.poll(() => page.getByTestId("toast").innerText()).toContain("Account Deleted");
    expect((await context.request.get("/api/auth/user")).status()).toBe(401);

    // The old password opens nothing; the address may start afresh.
    const signIn = await context.request.post("/api/auth/sign-in", { data: { email, password } });
    expect(signIn.status()).toBe(401);
    const again = await context.request.post("/api/auth/sign-up", {
      data: { firstName: "Lea", lastName: "Again", email, password: "starting-over-again-7" },
    });
    expect(again.status()).toBe(202);
  });
});
