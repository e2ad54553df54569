// Files on a quote request (issue 33): a client attaches process documents in the wizard (a file
// removed before sending, a file too large and a program refused in the browser), sees them on the
// request's page and adds one more there; the matched provider downloads them from the lead's page.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { FILE_MAX_BYTES, FILE_MESSAGES } from "@/shared/files";
import { apiSignIn, apiSignUp, DEMO, newPerson } from "./support/accounts";
import { accessibilityViolations } from "./support/axe";
import { keepScreenshot, startProduct } from "./support/fixture";
import { waitForLead } from "./support/leads";
import { billIntakeRequestBody, requestContact } from "./support/requests";
import { closeToast, toastText } from "./support/toast";
import { fillWizard, wizardAnswersFor } from "./support/wizard";

// With mail: a new client confirms its address, without which its requests reach no provider (decision 150).
const product = startProduct({ mail: true });

const DANA = requestContact("Dana", "Docs", "Dana Ledger LLC", "Tacoma, WA");

/** A small PDF whose content says it is one (the server reads the content, not the name). */
const PDF = Buffer.from(
  "%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n",
);
/** A 1x1 PNG. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);
const CSV = Buffer.from("invoice,amount\nINV-1,120.00\nINV-2,80.50\n");

const fileInput = (page: Page) => page.locator("input[type=file]");
const uploadItem = (page: Page, name: string) => page.getByTestId("upload-item").filter({ hasText: name });

describe("files on a quote request", () => {
  it("a client attaches documents in the wizard and on the request page; the matched provider downloads them", async () => {
    const title = `Bill intake with documents ${Date.now()}`;
    const client = await product.newPage();
    await apiSignUp(client.context, newPerson("Dana", "Docs", "e2e-files-client"), product);
    const { page } = client;
    const uploads: string[] = [];
    page.on("request", (r) => {
      if (r.method() === "POST" && new URL(r.url()).pathname === "/api/files") uploads.push(r.url());
    });

    // The wizard to its end, then back to step 5, where the documentation is asked about.
    await fillWizard(page, wizardAnswersFor(billIntakeRequestBody(title, DANA)));
    await page.getByRole("button", { name: "Previous" }).click();
    await expect.poll(() => page.getByTestId("wizard-step").innerText()).toBe("Step 5 of 6");
    const zone = page.getByRole("group", { name: "Process documents (optional)" });
    await zone.getByRole("button", { name: "Choose files" }).waitFor();

    await fileInput(page).setInputFiles([
      { name: "process-map.pdf", mimeType: "application/pdf", buffer: PDF },
      { name: "screen.png", mimeType: "image/png", buffer: PNG },
    ]);
    await uploadItem(page, "process-map.pdf").getByText("Uploaded").waitFor();
    await uploadItem(page, "screen.png").getByText("Uploaded").waitFor();
    expect(uploads).toHaveLength(2);

    // Refused in the browser, each with its message beside it, and never sent.
    // A sparse file on disk, given by its path: a 26 MB buffer would cross the browser protocol as
    // 35 MB of base64, which took over 30 s on a busy machine.
    const large = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "e2e-files-")), "scan-archive.pdf");
    fs.writeFileSync(large, "%PDF-1.7\n");
    fs.truncateSync(large, FILE_MAX_BYTES + 1024 * 1024);
    await fileInput(page).setInputFiles(large);
    await uploadItem(page, "scan-archive.pdf").getByText(FILE_MESSAGES.tooLarge("scan-archive.pdf")).waitFor();
    await fileInput(page).setInputFiles({
      name: "setup.exe",
      mimeType: "application/x-msdownload",
      buffer: Buffer.from("MZ\x90\x00 not a document"),
    });
    await uploadItem(page, "setup.exe").getByText(FILE_MESSAGES.refusedType("setup.exe")).waitFor();
    expect(uploads).toHaveLength(2);
    expect(await accessibilityViolations(page)).toEqual([]);
    await keepScreenshot(page, "files-wizard-step-5");

    // A 375 px screen: the zone and its files fit.
    await page.setViewportSize({ width: 375, height: 800 });
    // The sidebar slides away on a phone: the picture is taken once it has.
    await expect
      .poll(async () => (await page.getByRole("complementary", { name: "Sidebar" }).boundingBox())?.x ?? 0)
      .toBeLessThanOrEqual(-256);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await keepScreenshot(page, "files-wizard-step-5-narrow");
    await page.setViewportSize({ width: 1280, height: 900 });

    // The picture is removed before sending: its upload is deleted; the refused ones are dismissed.
    const deleted = page.waitForResponse(
      (r) => r.request().method() === "DELETE" && r.url().includes("/api/files/") && r.status() === 204,
    );
    await page.getByRole("button", { name: "Remove screen.png" }).click();
    await deleted;
    await page.getByRole("button", { name: "Remove scan-archive.pdf" }).click();
    await page.getByRole("button", { name: "Remove setup.exe" }).click();
    expect(await page.getByTestId("upload-item").count()).toBe(1);

    // Step 6 kept its answers (the consent too); the request goes with the PDF.
    const sent = page.waitForRequest(
      (r) => r.method() === "POST" && new URL(r.url()).pathname === "/api/quote-requests",
    );
    await page.getByRole("button", { name: "Next: Final Preferences" }).click();
    await page.getByRole("button", { name: "Submit My Request" }).click();
    const body = (await sent).postDataJSON() as { fileIds?: string[] };
    expect(body.fileIds).toHaveLength(1);
    await page.waitForURL((url) => url.pathname === "/dashboard");
    expect(await page.evaluate(() => Object.keys(sessionStorage).filter((k) => k.includes("quote-request")))).toEqual(
      [],
    );
    await closeToast(page);

    // The request's page lists the PDF, and the client adds a CSV there.
    await page.getByRole("link", { name: `View ${title}` }).click();
    await page.waitForURL(/\/quote-request\/\d+$/);
    const files = page.getByTestId("request-files");
    const list = files.getByRole("list", { name: "Files of this request" });
    await list.getByRole("link", { name: /^Download process-map\.pdf/ }).waitFor();
    expect(await list.getByText("screen.png").count()).toBe(0);
    await files.getByRole("button", { name: "Add files" }).click();
    // Five at once: three go up at a time, the others wait their turn (the server takes six a person).
    // Counted where the answers pass: an upload ends for the page only once its answer is handed over.
    let inFlight = 0;
    let mostInFlight = 0;
    const filesRoute = (url: URL) => url.pathname === "/api/files";
    await page.route(filesRoute, async (route) => {
      mostInFlight = Math.max(mostInFlight, ++inFlight);
      const response = await route.fetch();
      inFlight -= 1;
      await route.fulfill({ response });
    });
    const more = ["sample-invoices.csv", "march.csv", "april.csv", "may.csv"];
    await fileInput(page).setInputFiles([
      ...more.map((name) => ({ name, mimeType: "text/csv", buffer: CSV })),
      { name: "inbox.png", mimeType: "image/png", buffer: PNG },
    ]);
    for (const name of [...more, "inbox.png"]) await uploadItem(page, name).getByText("Uploaded").waitFor();
    expect(mostInFlight).toBeLessThanOrEqual(3);
    await page.unroute(filesRoute);
    await files.getByRole("button", { name: "Add 5 files to the request" }).click();
    await list.getByRole("link", { name: /^Download sample-invoices\.csv/ }).waitFor();
    expect(await toastText(page)).toContain("5 files added to your request.");
    // An image shows as a small picture of itself (GET /api/files/{id}?preview=1).
    const thumbnail = list.getByTestId("attachment").filter({ hasText: "inbox.png" }).locator("img");
    await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);
    await closeToast(page);
    expect(await accessibilityViolations(page)).toEqual([]);
    await keepScreenshot(page, "files-request-page");

    // And removes it again, after confirming.
    await list.getByRole("button", { name: "Remove sample-invoices.csv" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Remove file" }).click();
    await expect.poll(() => list.getByText("sample-invoices.csv").count()).toBe(0);
    await list.getByRole("link", { name: /^Download process-map\.pdf/ }).waitFor();

    // The matched provider: the lead's page lists the PDF, and it downloads as it was sent.
    const provider = await product.newPage();
    await apiSignIn(provider.context, DEMO.provider, DEMO.password);
    const leadId = await waitForLead(provider.context, title);
    await provider.page.goto(`/provider-dashboard/leads/${leadId}`);
    const leadFiles = provider.page.getByTestId("lead-files");
    const link = leadFiles.getByRole("link", { name: /^Download process-map\.pdf/ });
    await link.waitFor();
    expect(await leadFiles.getByRole("button", { name: /^Remove/ }).count()).toBe(0);
    await keepScreenshot(provider.page, "files-lead-page");
    const [download] = await Promise.all([provider.page.waitForEvent("download"), link.click()]);
    expect(download.suggestedFilename()).toBe("process-map.pdf");
    const saved = await download.path();
    expect(fs.readFileSync(saved).equals(PDF)).toBe(true);
  });
});
