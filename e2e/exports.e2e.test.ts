// CSV exports (issue 32 part 3, decision 175): a provider downloads its leads and quotes from its
// lists, and an admin the Users tab with its filter; each file holds what the list shows.
import fs from "node:fs";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { apiSignIn, DEMO } from "./support/accounts";
import { pagePerTest, startProduct } from "./support/fixture";

const product = startProduct();
const tab = pagePerTest(product);

/** Clicks the page's "Download CSV" and answers the file's name and its lines (its byte order mark left out). */
async function download(page: Page, what: string) {
  const [file] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: `Download CSV of ${what}` }).click(),
  ]);
  const text = fs.readFileSync(await file.path(), "utf8").replace(/^\uFEFF/, "");
  return { name: file.suggestedFilename(), lines: text.trim().split(/\r?\n/) };
}

describe("CSV exports", () => {
  it("a provider downloads its leads and its quotes as its lists show them", async () => {
    const { context, page } = tab;
    await apiSignIn(context, DEMO.provider, DEMO.password);
    const leads = (await (await context.request.get("/api/leads/me?limit=100")).json()) as { id: number }[];
    expect(leads.length).toBeGreaterThan(0);

    await page.goto("/provider-dashboard");
    const leadFile = await download(page, "your leads");
    expect(leadFile.name).toMatch(/^automatch-leads-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(leadFile.lines[0]).toMatch(/^lead_id,request_id,title,/);
    // The first of the list's leads is in the file, with its page's address.
    expect(leadFile.lines.some((l) => l.includes(`/provider-dashboard/leads/${leads[0]?.id}`))).toBe(true);
    expect(leadFile.lines.length - 1).toBeGreaterThanOrEqual(leads.length);

    await page.goto("/my-quotes");
    const quoteFile = await download(page, "your quotes");
    expect(quoteFile.name).toMatch(/^automatch-quotes-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(quoteFile.lines.length).toBeGreaterThan(1);
  });

  it("an admin downloads the Users tab with its filter", async () => {
    const { context, page } = tab;
    await apiSignIn(context, DEMO.admin, DEMO.password);
    await page.goto("/admin/users?userType=provider");
    const file = await download(page, "the users");
    expect(file.name).toMatch(/^automatch-users-\d{4}-\d{2}-\d{2}\.csv$/);
    const header = (file.lines[0] ?? "").split(",");
    const typeColumn = header.findIndex((h) => /type/i.test(h));
    expect(typeColumn).toBeGreaterThanOrEqual(0);
    const rows = file.lines.slice(1);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.includes("provider"))).toBe(true);
    expect(file.lines.join("\n")).toContain(DEMO.provider);
    expect(file.lines.join("\n")).not.toContain(DEMO.client);
  });
});
