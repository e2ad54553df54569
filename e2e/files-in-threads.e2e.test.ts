// Files in threads and quotes (issue 33, decision 176): a client sends a PDF and a picture in a thread,
// which reach the provider's open page live and download as they were sent; the provider answers with
// a file alone; a provider's quote carries a proposal the client sees beside it in the comparison; an
// admin removes a reported message's file and the client's thread then says so; Settings offers the
// data export with the files, as a ZIP, and says whether uploads are scanned.
import fs from "node:fs";
import type { BrowserContext, Locator, Page } from "playwright-core";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { FILE_MESSAGES } from "@/shared/files";
import { apiSignIn, DEMO, newPerson } from "./support/accounts";
import { statusText } from "./support/admin";
import { accessibilityViolations } from "./support/axe";
import { keepScreenshot, LIVE, startProduct } from "./support/fixture";
import { requestContact, requestWithDemoLead } from "./support/requests";
import { toastText } from "./support/toast";

// With mail: a new client confirms its address, without which its requests reach no provider (decision 150).
const product = startProduct({ mail: true });

/** A small PDF whose content says it is one (the server reads the content, not the name). */
const pdf = (text: string) =>
  Buffer.from(
    `%PDF-1.4\n% ${text}\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n`,
  );
const NOTES = pdf("process notes");
const PROPOSAL = pdf("proposal");
/** A 1x1 PNG. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

/**
 * One request with the demo provider's lead on it, shared by the file's tests: matching runs once. The
 * two browser contexts are the file's (opened before its tests, so kept between them); the request is
 * made by the first test that asks, as waiting for the email and the lead must happen in a test.
 */
const the = {} as {
  client: { context: BrowserContext; page: Page };
  provider: { context: BrowserContext; page: Page };
  requestId: number;
  leadId: number;
  company: string;
};

/** The client's request page, thread unfolded, on a 375 px phone: it fits without sideways scrolling. */
let phone: Page;

beforeAll(async () => {
  the.client = await product.newPage();
  the.provider = await product.newPage();
  ({ page: phone } = await product.newPage({ width: 375 }));
});

let made: Promise<void> | undefined;
function scenario(): Promise<void> {
  made ??= (async () => {
    Object.assign(
      the,
      await requestWithDemoLead(
        product,
        { client: the.client.context, provider: the.provider.context },
        newPerson("Fern", "Files", "e2e-thread-files"),
        `Bill intake with files ${Date.now()}`,
        requestContact("Fern", "Files", "Fern Freight LLC", "Spokane, WA"),
      ),
    );
    await phone.context().addCookies(await the.client.context.cookies());
  })();
  return made;
}

beforeEach(() => scenario());

/** The client's request page with the provider's thread unfolded: its quote card (or its "no quote" card) and log. */
async function openClientThread(page: Page) {
  await page.goto(`/quote-request/${the.requestId}#conversation-${the.leadId}`);
  const card = page.getByRole("article", { name: the.company, exact: true });
  const log = card.getByRole("log", { name: `Messages with ${the.company}` });
  await log.waitFor();
  return { card, log };
}

const message = (log: Locator, text: string) => log.getByTestId("message").filter({ hasText: text });

/** The client's request page with the thread open, on the phone, once `shown` shows: it fits, and is kept. */
async function keepNarrowScreenshot(name: string, shown: (page: Page) => Locator) {
  await phone.goto(`/quote-request/${the.requestId}#conversation-${the.leadId}`);
  await shown(phone).waitFor();
  expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await keepScreenshot(phone, name);
}

/** A message with these files, sent through the API as the signed-in party of `context`: its id and files. */
async function sendThroughApi(context: BrowserContext, body: string, files: { name: string; data: Buffer }[]) {
  const fileIds: string[] = [];
  for (const file of files) {
    const uploaded = await context.request.post(`/api/files?name=${encodeURIComponent(file.name)}`, {
      data: file.data,
      headers: { "content-type": "application/octet-stream" },
    });
    expect(uploaded.status(), await uploaded.text()).toBe(201);
    fileIds.push((await uploaded.json()).id);
  }
  const sent = await context.request.post(`/api/conversations/${the.leadId}/messages`, { data: { body, fileIds } });
  expect(sent.status(), await sent.text()).toBe(201);
  return (await sent.json()) as { id: number; files: { id: string; name: string }[] };
}

describe("files in threads and quotes", () => {
  it("a client's PDF and picture reach the provider live and download as sent; the provider answers with a file alone", async () => {
    const { page } = the.client;
    const { card, log } = await openClientThread(page);

    // The provider's thread is open before the client writes.
    const provider = the.provider.page;
    await provider.goto(`/provider-dashboard/leads/${the.leadId}`);
    const thread = provider.getByTestId("lead-conversation");
    const providerLog = thread.getByRole("log", { name: "Messages with Fern F." });
    await providerLog.waitFor();

    // "Attach files" opens the drop zone; the files upload while the client writes.
    await card.getByRole("button", { name: "Attach files" }).click();
    const zone = card.getByRole("group", { name: `Files for ${the.company}` });
    await expect
      .poll(() => zone.getByRole("button", { name: "Choose files" }).evaluate((b) => b === document.activeElement))
      .toBe(true);
    await card.locator("input[type=file]").setInputFiles([
      { name: "process-notes.pdf", mimeType: "application/pdf", buffer: NOTES },
      { name: "inbox.png", mimeType: "image/png", buffer: PNG },
    ]);
    const uploaded = (name: string) => card.getByTestId("upload-item").filter({ hasText: name }).getByText("Uploaded");
    await uploaded("process-notes.pdf").waitFor();
    await uploaded("inbox.png").waitFor();
    expect(await card.getByRole("button", { name: "Attach files (2 attached)" }).count()).toBe(1);
    await card.getByLabel(`Message ${the.company}`).fill("Our process notes and a screenshot of the inbox.");
    await keepScreenshot(page, "files-thread-composer");
    await card.getByRole("button", { name: `Send message to ${the.company}` }).click();

    // Sent: the message shows with its files under its text, and the composer is empty again.
    const sent = message(log, "Our process notes");
    await sent.getByRole("link", { name: /^Download process-notes\.pdf/ }).waitFor();
    expect(await card.getByTestId("upload-item").count()).toBe(0);
    expect(await card.getByLabel(`Message ${the.company}`).inputValue()).toBe("");

    // The provider's page shows it without a reload; the picture as a small picture of itself.
    const received = message(providerLog, "Our process notes");
    const link = received.getByRole("link", { name: /^Download process-notes\.pdf/ });
    await link.waitFor(LIVE);
    const thumbnail = received.getByTestId("attachment").filter({ hasText: "inbox.png" }).locator("img");
    await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);
    const [download] = await Promise.all([provider.waitForEvent("download"), link.click()]);
    expect(download.suggestedFilename()).toBe("process-notes.pdf");
    expect(fs.readFileSync(await download.path()).equals(NOTES)).toBe(true);

    // The provider answers with a file and no text.
    await thread.getByRole("button", { name: "Attach files" }).click();
    await thread.locator("input[type=file]").setInputFiles({
      name: "questions.pdf",
      mimeType: "application/pdf",
      buffer: pdf("questions"),
    });
    await thread.getByTestId("upload-item").filter({ hasText: "questions.pdf" }).getByText("Uploaded").waitFor();
    await thread.getByRole("button", { name: "Send message to Fern F." }).click();
    await message(providerLog, "questions.pdf").waitFor();
    const answer = message(log, "questions.pdf");
    await answer.getByRole("link", { name: /^Download questions\.pdf/ }).waitFor(LIVE);
    // A message of files alone has no empty bubble of text.
    expect(await answer.locator("p.text-sm").count()).toBe(0);

    expect(await accessibilityViolations(page)).toEqual([]);
    await sent.scrollIntoViewIfNeeded();
    await keepScreenshot(page, "files-thread");
    await keepNarrowScreenshot("files-thread-narrow", (narrow) =>
      message(narrow.getByRole("log"), "Our process notes").getByTestId("attachment").first(),
    );
    expect(await accessibilityViolations(provider)).toEqual([]);
  });

  it("a provider sends a quote with a proposal; the client sees it beside the quote and downloads it", async () => {
    const provider = the.provider.page;
    await provider.goto(`/provider-dashboard/leads/${the.leadId}`);
    const form = provider.getByTestId("quote-form");
    await form.waitFor();
    await form.getByRole("group", { name: "Proposal and documents (optional)" }).waitFor();
    await provider.getByLabel("Project price (USD)").fill("21000");
    await provider.getByLabel("Timeline").fill("6 weeks");
    await provider
      .getByLabel("Message to the client")
      .fill("A bot that reads each bill email, creates the bill in QuickBooks and files the PDF. Details attached.");
    await form.locator("input[type=file]").setInputFiles([
      { name: "proposal.pdf", mimeType: "application/pdf", buffer: PROPOSAL },
      // A program is refused in the browser and never sent.
      { name: "setup.exe", mimeType: "application/x-msdownload", buffer: Buffer.from("MZ not a document") },
    ]);
    await form.getByText(FILE_MESSAGES.refusedType("setup.exe")).waitFor();
    await form.getByTestId("upload-item").filter({ hasText: "proposal.pdf" }).getByText("Uploaded").waitFor();
    await keepScreenshot(provider, "files-quote-form");
    const sent = provider.waitForRequest(
      (r) => r.method() === "POST" && new URL(r.url()).pathname === `/api/leads/${the.leadId}/quote`,
    );
    await provider.getByRole("button", { name: "Send Quote" }).click();
    expect(((await sent).postDataJSON() as { fileIds?: string[] }).fileIds).toHaveLength(1);
    await provider.getByRole("heading", { name: "Your quote" }).waitFor();
    await expect.poll(() => toastText(provider)).toContain("Quote Sent");
    const panel = provider.getByTestId("sent-quote");
    await panel
      .getByRole("list", { name: "Proposal and documents" })
      .getByRole("link", { name: /^Download proposal\.pdf/ })
      .waitFor();

    // The client's comparison: the proposal in the quote's card.
    const { page } = the.client;
    await page.goto(`/quote-request/${the.requestId}`);
    const card = page.getByTestId("quote-card").filter({ hasText: the.company });
    const files = card.getByRole("list", { name: `Proposal and documents from ${the.company}` });
    const link = files.getByRole("link", { name: /^Download proposal\.pdf/ });
    await link.waitFor();
    const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
    expect(fs.readFileSync(await download.path()).equals(PROPOSAL)).toBe(true);
    expect(await accessibilityViolations(page)).toEqual([]);
    await card.scrollIntoViewIfNeeded();
    await keepScreenshot(page, "files-quote-comparison");
    await keepNarrowScreenshot("files-quote-comparison-narrow", (narrow) =>
      narrow.getByTestId("quote-files").getByTestId("attachment"),
    );
  });

  it("an admin removes a reported message's file; the client's thread says an administrator removed it", async () => {
    const spam = await sendThroughApi(the.provider.context, "Pay the deposit through this form instead.", [
      { name: "deposit-form.pdf", data: pdf("deposit form") },
    ]);
    const reported = await the.client.context.request.post(`/api/messages/${spam.id}/report`, {
      data: { reason: "scam", note: "Asks for a payment outside the platform." },
    });
    expect(reported.status(), await reported.text()).toBe(201);
    const reportId: number = (await reported.json()).id;
    const fileId = spam.files[0]?.id ?? "";
    // The client has the thread open while the admin acts: the removal reaches it live.
    const { log } = await openClientThread(the.client.page);
    const shown = message(log, "Pay the deposit");
    await shown.getByRole("link", { name: /^Download deposit-form\.pdf/ }).waitFor();

    const admin = await product.newPage();
    await apiSignIn(admin.context, DEMO.admin, DEMO.password);
    await admin.page.goto(`/admin/reports?report=${reportId}`);
    const dialog = admin.page.getByRole("dialog", { name: "Reported message" });
    const files = dialog.getByRole("list", { name: /^Files of the message from/ });
    await files.getByRole("link", { name: /^Download deposit-form\.pdf/ }).waitFor();
    await files.getByRole("button", { name: "Remove deposit-form.pdf" }).click();
    const confirm = admin.page.getByRole("dialog", { name: 'Remove "deposit-form.pdf"?' });
    await confirm.getByLabel("Reason").fill("Payment outside the platform");
    expect(await accessibilityViolations(admin.page)).toEqual([]);
    await confirm.getByRole("button", { name: "Remove file" }).click();
    await confirm.waitFor({ state: "detached" });
    await expect.poll(() => statusText(admin.page)).toContain("File removed");
    await files.getByText(FILE_MESSAGES.removedByAdmin).waitFor();
    await keepScreenshot(admin.page, "files-admin-report");
    expect(await files.getByRole("link", { name: /deposit-form/ }).count()).toBe(0);

    // The client's open thread keeps the file's place, without its name or a link; the download is gone.
    await shown.getByText(FILE_MESSAGES.removedByAdmin).waitFor();
    expect(await shown.getByRole("link", { name: /deposit-form/ }).count()).toBe(0);
    expect((await the.client.context.request.get(`/api/files/${fileId}`)).status()).toBe(410);
  });

  it("Settings offers the data export with the files as a ZIP, and says uploads are not scanned here", async () => {
    await sendThroughApi(the.client.context, "Last month's invoices.", [
      { name: "sample-invoices.csv", data: Buffer.from("invoice,amount\nINV-1,120.00\n") },
    ]);
    const { page } = the.client;
    await page.goto("/settings");
    await page.getByRole("heading", { name: "Your data" }).waitFor();
    await page.getByText("Uploaded files are not scanned for viruses on this server.").waitFor();
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Download with your files (ZIP)" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^automatch-my-data-\d{4}-\d{2}-\d{2}\.zip$/);
    const zip = fs.readFileSync(await download.path());
    expect(zip.subarray(0, 4).toString("latin1")).toBe("PK\u0003\u0004");
    // Entry names are stored as they are: the JSON, and the file the client sent beside it.
    expect(zip.includes("my-data.json")).toBe(true);
    expect(zip.includes("-sample-invoices.csv")).toBe(true);
  });
});
