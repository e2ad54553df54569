// Vetting with documents (issue 33 part 3, decision 177), with a real clamd scanning uploads: a provider
// attaches its business registration to the application; the admin asks for changes with a note; the
// provider reads it, edits, adds its insurance and resubmits; the admin sees what changed, approves with
// both documents verified, and the public profile's badge names them. Refused: an infected document,
// and another provider fetching the first one's document (404).
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { EICAR } from "@/server/test/clamd";
import { FILE_MESSAGES } from "@/shared/files";
import { CHANGES_NOTE_REQUIRED } from "@/shared/vetting";
import { apiSignIn, apiSignUp, DEMO, newPerson } from "./support/accounts";
import { adminPage } from "./support/admin";
import { accessibilityViolations } from "./support/axe";
import { keepScreenshot } from "./support/fixture";
import { startScannedProduct } from "./support/scanned-product";

const product = startScannedProduct();
/** The smallest document file-type reads as a PDF. */
const PDF = Buffer.from("%PDF-1.7\n% a vetting document\n%%EOF\n");
const DESCRIPTION =
  "We automate accounts payable for logistics firms: invoice capture, three-way matching and ERP posting.";
const NOTE = "Please attach your certificate of insurance and name the ERPs you post to.";

const toastText = (page: Page) => page.getByTestId("toast").innerText();
const pdf = (name: string) => ({ name, mimeType: "application/pdf", buffer: PDF });
const item = (page: Page, name: string) => page.getByTestId("upload-item").filter({ hasText: name });

/** Uploads `file` in the documents' drop zone and says what it is. */
async function attachDocument(page: Page, file: ReturnType<typeof pdf>, kind: string) {
  await page.getByTestId("vetting-documents").locator("input[type=file]").setInputFiles([file]);
  await item(page, file.name).getByText("Uploaded").waitFor();
  await page.getByLabel(`What is ${file.name}?`).selectOption({ label: kind });
}

describe("vetting with documents", () => {
  it("documents, a request for changes with a note, the resubmission's diff, and a badge naming what was verified", async () => {
    const { context, page } = await product.newPage();
    const companyName = `Freightline Automation ${Date.now()}`;
    await apiSignUp(context, newPerson("Vera", "Vetted", "e2e-vetting-docs"));

    // The provider applies with its business registration.
    await page.goto("/provider-registration");
    await page.getByRole("heading", { name: "Register Your Company" }).waitFor();
    await page.getByLabel("Company Name").fill(companyName);
    await page.getByLabel("Company Description").fill(DESCRIPTION);
    await page.getByLabel("Industry").selectOption("automation");
    await page.getByLabel("Company Size").selectOption("small");
    await page.getByLabel("Location").fill("Memphis, TN");
    await page.getByLabel("Specialties", { exact: true }).selectOption("RPA");
    await attachDocument(page, pdf("business-registration.pdf"), "Business registration");
    // An infected file is refused with its reason, and is not part of the application.
    await page
      .getByTestId("vetting-documents")
      .locator("input[type=file]")
      .setInputFiles([{ name: "insurance-scan.txt", mimeType: "text/plain", buffer: Buffer.from(`Scan\n${EICAR}\n`) }]);
    await item(page, "insurance-scan.txt").getByText(FILE_MESSAGES.infected("insurance-scan.txt")).waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.getByRole("button", { name: "Create Company Profile" }).click();
    await expect.poll(() => toastText(page)).toContain("Company Profile Created");
    await page.getByRole("heading", { name: "Your company profile is under review" }).waitFor();
    const own = await (await context.request.get("/api/companies/me")).json();
    expect(own.documents.map((d: { name: string }) => d.name)).toEqual(["business-registration.pdf"]);
    const registration = own.documents[0].url as string;
    await page
      .getByTestId("company-documents")
      .getByRole("link", { name: /^Download business-registration\.pdf/ })
      .waitFor();

    // Another provider gets 404 for it, as for a file that does not exist.
    const other = await product.newPage();
    await apiSignIn(other.context, DEMO.provider, DEMO.password);
    const response = await other.page.goto(registration);
    expect(response?.status()).toBe(404);

    // The admin asks for changes, with a note.
    const admin = await adminPage(product);
    expect((await admin.context.request.get(registration)).status()).toBe(200);
    await admin.page.goto("/admin/providers");
    const card = admin.page.getByRole("article", { name: companyName });
    await card.getByRole("link", { name: /^Download business-registration\.pdf/ }).waitFor();
    await card.getByRole("button", { name: "Request changes" }).click();
    const dialog = admin.page.getByRole("dialog");
    // Sent empty: the dialog says what the note is for, and nothing is sent.
    await dialog.getByRole("button", { name: "Send Request" }).click();
    await dialog.getByText(`${CHANGES_NOTE_REQUIRED}.`).waitFor();
    await dialog.getByLabel("Note").fill(NOTE);
    await dialog.getByRole("button", { name: "Send Request" }).click();
    await expect.poll(() => toastText(admin.page)).toContain("Changes Requested");
    await card.waitFor({ state: "detached" });

    // The provider reads the note, edits, adds its insurance and resubmits.
    await page.reload();
    await page.getByRole("heading", { name: "Our team asked for changes" }).waitFor();
    expect(await page.getByTestId("changes-note").innerText()).toContain(NOTE);
    expect(await accessibilityViolations(page)).toEqual([]);
    await keepScreenshot(page, "vetting-changes-requested");
    await page.getByLabel("Company Description").fill(`${DESCRIPTION} We post to SAP and NetSuite.`);
    await attachDocument(page, pdf("insurance-certificate.pdf"), "Insurance");
    await page.getByRole("button", { name: "Resubmit for Review" }).click();
    await page.getByRole("heading", { name: "Your company profile is under review" }).waitFor();
    expect(await toastText(page)).toContain("Profile Resubmitted");

    // The admin sees what changed, and approves with both documents verified.
    await admin.page.reload();
    const resubmitted = admin.page.getByRole("article", { name: companyName });
    const changes = resubmitted.getByTestId("changes-since-request");
    await changes.waitFor();
    expect(await changes.innerText()).toContain(NOTE);
    const fields = await changes.getByTestId("field-changes").innerText();
    expect(fields).toContain("Description");
    expect(fields).toContain("We post to SAP and NetSuite.");
    await changes
      .getByTestId("documents-added")
      .getByRole("link", { name: /^Download insurance-certificate\.pdf/ })
      .waitFor();
    expect(await accessibilityViolations(admin.page)).toEqual([]);
    await keepScreenshot(admin.page, "vetting-admin-resubmission");
    await resubmitted.getByRole("checkbox", { name: "Business registration" }).check();
    await resubmitted.getByRole("checkbox", { name: "Insurance" }).check();
    await resubmitted.getByRole("button", { name: "Approve" }).click();
    await expect.poll(() => toastText(admin.page)).toContain("Provider Approved");
    await resubmitted.waitFor({ state: "detached" });

    // The public profile's badge names what was verified.
    const { slug } = await (await context.request.get("/api/companies/me/public-profile")).json();
    const visitor = await product.newPage();
    await visitor.page.goto(`/providers/${slug}`);
    const badge = visitor.page.getByTestId("verified-badge");
    expect(await badge.innerText()).toBe("Verified by Automatch: business registration, insurance");
  });
});
