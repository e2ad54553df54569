// API tokens (issue 32 part 3, decision 174): a provider creates a token in Settings with one scope,
// copies it from the box that shows it once, and a script's call over HTTP with it reads the provider's
// leads and nothing outside its scope; revoked in Settings, it opens nothing from the next call on. An
// admin is offered the admin's scope only; a client has no API, and its Settings no card.
import type { Locator } from "playwright-core";
import { describe, expect, it } from "vitest";
import { API_TOKEN_MESSAGES } from "@/shared/api-tokens";
import { apiSignIn, DEMO } from "./support/accounts";
import { accessibilityViolations } from "./support/axe";
import { pagePerTest, startProduct } from "./support/fixture";
import { copySecretOnce, openProviderSettingsAt, openSettingsAs } from "./support/settings";
import { toastText } from "./support/toast";

const product = startProduct();
const tab = pagePerTest(product);

/** A script's call: plain HTTP with the token in its header, and no cookie. */
const callWith = (token: string, path: string) =>
  fetch(new URL(path, product.baseURL), { headers: { authorization: `Bearer ${token}` } });

const idsOf = (leads: { id: number }[]) => leads.map((l) => l.id);

/** The scopes the new token's form offers, in its order. */
const scopeBoxes = (card: Locator) =>
  card
    .getByRole("group", { name: "Scopes" })
    .getByRole("checkbox")
    .evaluateAll((boxes) => boxes.map((b) => (b as HTMLInputElement).value));

describe("API tokens", () => {
  it("a provider creates a token, sees it once, calls the API with it, and revokes it", async () => {
    const { context, page } = tab;
    const card = await openProviderSettingsAt(tab, "api-tokens", "API tokens");
    await card
      .getByText(
        "Use a token to read your leads and send quotes and messages from your own scripts, n8n or Zapier: send it as Authorization: Bearer <token>. The API is described at /api/docs",
      )
      .waitFor();
    const docs = card.getByRole("link", { name: "/api/docs (opens in a new tab)" });
    expect(await docs.getAttribute("href")).toBe("/api/docs");
    expect(await docs.getAttribute("target")).toBe("_blank");
    await card.getByText("No tokens yet.").waitFor();

    // The form offers the provider's scopes, a month by default, and checks what the server checks.
    await card.getByRole("button", { name: "New Token" }).click();
    expect(await scopeBoxes(card)).toEqual(["leads:read", "quotes:write", "messages:read", "messages:write"]);
    expect(await card.getByLabel("Expiration").inputValue()).toBe("30");
    await card.getByText(/^The token expires on /).waitFor();
    await card.getByRole("button", { name: "Create Token" }).click();
    await card.getByText(API_TOKEN_MESSAGES.name).waitFor();
    await card.getByText(API_TOKEN_MESSAGES.scopes).waitFor();
    expect(await card.getByLabel("Token name").getAttribute("aria-invalid")).toBe("true");
    expect(await accessibilityViolations(page)).toEqual([]);

    await card.getByLabel("Token name").fill("n8n lead sync");
    await card.getByRole("checkbox", { name: /Read your leads/ }).check();
    await card.getByRole("button", { name: "Create Token" }).click();

    // The token, once: the focus on it, copied, then gone for good.
    const box = card.getByTestId("api-token-secret");
    await box.getByText("Copy this token now: it is not shown again.").waitFor();
    const field = box.getByLabel("API token");
    const token = await field.inputValue();
    expect(token).toMatch(/^amt_[A-Za-z0-9_-]{43}$/);
    await copySecretOnce(page, { box, field, value: token, shown: box }, "settings-api-tokens-secret");

    const row = card.getByTestId("api-token").filter({ hasText: "n8n lead sync" });
    expect(await row.getByTestId("api-token-prefix").innerText()).toBe(`${token.slice(0, 12)}…`);
    expect(await row.getByRole("list", { name: "Scopes" }).getByRole("listitem").allInnerTexts()).toEqual([
      "leads:read",
    ]);
    expect(await row.getByTestId("api-token-last-used").innerText()).toBe("Never used");
    await page.reload();
    await row.waitFor();
    expect(await page.content()).not.toContain(token.slice(12));

    // A script's calls: the provider's leads, as its session reads them; a route outside the scope, 403.
    const own = (await (await context.request.get("/api/leads/me")).json()) as { id: number }[];
    expect(own.length).toBeGreaterThan(0);
    const read = await callWith(token, "/api/leads/me");
    expect(read.status).toBe(200);
    expect(idsOf((await read.json()) as { id: number }[])).toEqual(idsOf(own));
    const offScope = await callWith(token, "/api/auth/user");
    expect(offScope.status).toBe(403);
    expect(((await offScope.json()) as { message: string }).message).toBe(API_TOKEN_MESSAGES.offScope);
    await page.reload();
    await expect.poll(() => row.getByTestId("api-token-last-used").innerText()).toBe("Just now");

    // Revoked, after a confirmation a person can back out of; the next call is refused.
    await row.getByRole("button", { name: "Revoke n8n lead sync" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Revoke n8n lead sync?" });
    await confirm.getByText("Scripts using it stop working at once.").waitFor();
    await confirm.getByRole("button", { name: "Keep It" }).click();
    await confirm.waitFor({ state: "detached" });
    expect((await callWith(token, "/api/leads/me")).status).toBe(200);
    await row.getByRole("button", { name: "Revoke n8n lead sync" }).click();
    await confirm.getByRole("button", { name: "Revoke Token" }).click();
    await expect.poll(() => toastText(page)).toContain("Token Revoked");
    await expect.poll(() => row.count()).toBe(0);
    await card.getByText("No tokens yet.").waitFor();
    const refused = await callWith(token, "/api/leads/me");
    expect(refused.status).toBe(401);
    expect(((await refused.json()) as { message: string }).message).toBe(API_TOKEN_MESSAGES.invalid);
  });

  it("an admin is offered the admin's scope only", async () => {
    const { context, page } = tab;
    await apiSignIn(context, DEMO.admin, DEMO.password);
    await page.goto("/admin/settings");
    const card = page.getByTestId("api-tokens-card");
    await card.getByRole("heading", { name: "API tokens" }).waitFor();
    await card.getByRole("button", { name: "New Token" }).click();
    expect(await scopeBoxes(card)).toEqual(["admin:read"]);
    // Nothing to choose: the one scope is ticked.
    expect(await card.getByRole("checkbox", { name: /Export the marketplace's requests and users/ }).isChecked()).toBe(
      true,
    );
    expect(await accessibilityViolations(page)).toEqual([]);
  });

  it("a client's Settings has no API tokens", async () => {
    await openSettingsAs(tab, DEMO.client);
    expect(await tab.page.getByTestId("api-tokens-card").count()).toBe(0);
    // Nor does the API list tokens for a client.
    expect((await tab.context.request.get("/api/account/tokens")).status()).toBe(403);
  });
});
