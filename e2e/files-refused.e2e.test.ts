// Files refused in the browser (issue 33, decision 176), with a real clamd scanning uploads: a client's
// infected file is refused with its reason beside it while a clean one goes through; a PDF named .png is
// refused, saying what to rename it to; Settings says uploads are scanned; and another party's file is
// not found, for another client and for a provider the request never reached.
import { afterAll, describe, expect, it } from "vitest";
import { EICAR, startClamd, type TestClamd } from "@/server/test/clamd";
import { FILE_MESSAGES, type StoredFile } from "@/shared/files";
import { apiSignIn, apiSignUp, DEMO, newPerson } from "./support/accounts";
import { accessibilityViolations } from "./support/axe";
import { keepScreenshot, startProduct } from "./support/fixture";
import { billIntakeRequestBody, submitRequest } from "./support/requests";

let clamd: TestClamd | undefined;
const product = startProduct({
  env: async () => {
    clamd = await startClamd();
    return { CLAMD_URL: `tcp://127.0.0.1:${clamd.tcpConfig.port}` };
  },
});
afterAll(async () => {
  await clamd?.stop();
});

const PDF = Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");

describe("files refused", () => {
  it("an infected upload and a PDF named .png are refused with their reasons; a clean one goes through", async () => {
    const { context, page } = await product.newPage();
    await apiSignUp(context, newPerson("Ivy", "Infected", "e2e-files-refused"));
    const id = await submitRequest(context, billIntakeRequestBody(`Scanned documents ${Date.now()}`));

    await page.goto(`/quote-request/${id}`);
    const files = page.getByTestId("request-files");
    await files.getByRole("button", { name: "Add files" }).click();
    await page.locator("input[type=file]").setInputFiles([
      { name: "meeting-notes.txt", mimeType: "text/plain", buffer: Buffer.from(`Notes\n${EICAR}\n`) },
      { name: "invoice.png", mimeType: "image/png", buffer: PDF },
      { name: "process-map.pdf", mimeType: "application/pdf", buffer: PDF },
    ]);
    const item = (name: string) => page.getByTestId("upload-item").filter({ hasText: name });
    await item("meeting-notes.txt").getByText(FILE_MESSAGES.infected("meeting-notes.txt")).waitFor();
    await item("invoice.png").getByText(FILE_MESSAGES.wrongExtension("invoice.png", "pdf")).waitFor();
    await item("process-map.pdf").getByText("Uploaded").waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
    await keepScreenshot(page, "files-refused-infected");

    // Only the clean one is offered to add.
    await files.getByRole("button", { name: "Add 1 file to the request" }).click();
    const list = files.getByRole("list", { name: "Files of this request" });
    await list.getByRole("link", { name: /^Download process-map\.pdf/ }).waitFor();
    expect(await list.getByTestId("attachment").count()).toBe(1);

    await page.goto("/settings");
    await page.getByText("Uploaded files are scanned for viruses before anyone else can open them.").waitFor();
  });

  it("another party's file is not found: not for another client, nor for a provider the request never reached", async () => {
    const owner = await product.newPage();
    await apiSignUp(owner.context, newPerson("Owen", "Owner", "e2e-files-owner"));
    const uploaded = await owner.context.request.post("/api/files?name=private-process.pdf", {
      headers: { "content-type": "application/pdf" },
      data: PDF,
    });
    expect(uploaded.status()).toBe(201);
    const file = (await uploaded.json()) as StoredFile;
    await submitRequest(owner.context, { ...billIntakeRequestBody(`Private ${Date.now()}`), fileIds: [file.id] });
    expect((await owner.context.request.get(file.url)).status()).toBe(200);

    const other = await product.newPage();
    await apiSignUp(other.context, newPerson("Otto", "Other", "e2e-files-other"));
    const provider = await product.newPage();
    // The demo's provider: the owner's address is unconfirmed, so the request reaches no provider (decision 150).
    await apiSignIn(provider.context, DEMO.provider, DEMO.password);
    for (const { page } of [other, provider]) {
      const response = await page.goto(file.url);
      expect(response?.status()).toBe(404);
      expect(await page.locator("body").innerText()).toContain("No file of yours has this id.");
    }
  });
});
