import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { validQuoteRequestBody } from "@/shared/quote-requests.fixtures";
import { apiSignUp, uniqueEmail } from "./support/accounts";
import { keepScreenshot, pagePerTest, startProduct } from "./support/fixture";

const product = startProduct();
const tab = pagePerTest(product);

describe("your data", () => {
  it("a client downloads their data from Settings, then deletes the account and lands on / signed out", async () => {
    const email = uniqueEmail("e2e-leaver");
    const password = "leaving-for-good-42";
    await apiSignUp(tab.context, { firstName: "Lea", lastName: "Ving", email, password });
    const submitted = await tab.context.request.post("/api/quote-requests", {
      data: validQuoteRequestBody({ title: "Invoice intake before leaving" }),
    });
    expect(submitted.status()).toBe(201);

    await tab.page.goto("/settings");
    await tab.page.getByRole("heading", { name: "Your data" }).waitFor();
    const [download] = await Promise.all([
      tab.page.waitForEvent("download"),
      tab.page.getByRole("link", { name: "Download My Data" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^automatch-my-data-\d{4}-\d{2}-\d{2}\.json$/);
    const file = await download.path();
    const data = JSON.parse(fs.readFileSync(file, "utf8"));
    expect(data.account).toMatchObject({ email, firstName: "Lea", lastName: "Ving", userType: "client" });
    expect(data.quoteRequests.map((r: { title: string }) => r.title)).toEqual(["Invoice intake before leaving"]);

    await tab.page.getByRole("button", { name: "Delete Account" }).click();
    const dialog = tab.page.getByRole("dialog", { name: "Delete your account?" });
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain("Your open and matched requests are cancelled");
    // A wrong password is said under the field, and nothing happens.
    await dialog.getByLabel("Your password").fill("not-my-password");
    await dialog.getByRole("button", { name: "Delete My Account" }).click();
    await expect
      .poll(() => dialog.getByText("The password is not right; your account was not deleted").count())
      .toBe(1);
    await keepScreenshot(tab.page, "settings-delete-account");

    await dialog.getByLabel("Your password").fill(password);
    await dialog.getByRole("button", { name: "Delete My Account" }).click();
    await expect.poll(() => new URL(tab.page.url()).pathname).toBe("/");
    await expect.poll(() => tab.page.getByTestId("toast").innerText()).toContain("Account Deleted");
    expect((await tab.context.request.get("/api/auth/user")).status()).toBe(401);

    // The old password opens nothing; the address may start afresh.
    const signIn = await tab.context.request.post("/api/auth/sign-in", { data: { email, password } });
    expect(signIn.status()).toBe(401);
    const again = await tab.context.request.post("/api/auth/sign-up", {
      data: { firstName: "Lea", lastName: "Again", email, password: "starting-over-again-7" },
    });
    expect(again.status()).toBe(202);
  });
});
