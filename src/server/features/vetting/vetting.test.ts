// Vetting with documents (issue 33 part 3, decision 177), through the API on both databases: documents
// attached to an application, who may download them, "Request changes" with its note, the resubmission
// and what changed, and an approval that records what it verified for the public badge.
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { FILE_MESSAGES } from "@/shared/files";
import { CHANGES_NOTE_MAX } from "@/shared/vetting";
import { activityLogs } from "../../db/schema/activity-logs";
import { emailOutbox } from "../../db/schema/email-outbox";
import { fileChunks, files } from "../../db/schema/files";
import { notifications } from "../../db/schema/notifications";
import { fileHelpers, PNG } from "../../test/files";
import { createProvider, slugOf, type TestProvider } from "../../test/fixtures";
import { sharedTestContext } from "../../test/shared-context";
import { createUser, type TestUser } from "../../test/test-app";
import { DOCUMENTS_AFTER_APPROVAL_MESSAGE } from "./service";

const ctx = sharedTestContext();
const { api, uploaded, download } = fileHelpers(ctx);

const APPLICATION = {
  name: "Ledgerline Robotics",
  description: "Robotic process automation for accounts payable: invoice capture, matching and posting to the ERP.",
  industry: "automation",
  location: "Leeds, UK",
  country: "GB",
  size: "small",
  specialties: ["RPA", "System Integration"],
};

let admin: TestUser;
let otherProvider: TestProvider;
let client: TestUser;
beforeAll(async () => {
  admin = await createUser(ctx, "admin");
  otherProvider = await createProvider(ctx);
  client = await createUser(ctx, "client");
});

type Doc = { fileId: string; kind: string };

/** A client applying with the documents it uploads first: the company and the uploads' ids. */
async function applyWith(kinds: string[], name = APPLICATION.name) {
  const user = await createUser(ctx, "client");
  const documents: Doc[] = [];
  for (const kind of kinds) documents.push({ fileId: await uploaded(user, `${kind}.pdf`), kind });
  const res = await api(user, "POST", "/api/companies", { ...APPLICATION, name, documents });
  expect(res.statusCode, res.body).toBe(201);
  return { user, company: res.json(), documents };
}

const requestChanges = (user: TestUser | null, id: number, body: object | undefined) =>
  api(user, "PATCH", `/api/admin/providers/${id}/request-changes`, body);
const approve = (id: number, body?: object) => api(admin, "PATCH", `/api/admin/providers/${id}/approve`, body);
const pendingEntry = async (id: number) =>
  (await api(admin, "GET", "/api/admin/pending-providers")).json().find((p: { id: number }) => p.id === id);

describe("documents on an application", () => {
  it("attaches the uploads with their kinds; the owner and admins download them, anyone else gets 404", async () => {
    const { user, company, documents } = await applyWith(["business_registration", "insurance"]);
    expect(company.status).toBe("pending");
    expect(company.documents.map((d: { documentKind: string }) => d.documentKind)).toEqual([
      "business_registration",
      "insurance",
    ]);
    const mine = await api(user, "GET", "/api/companies/me");
    expect(mine.json().documents).toHaveLength(2);
    const id = documents[0]?.fileId ?? "";
    expect((await download(user, id)).statusCode).toBe(200);
    expect((await download(admin, id)).statusCode).toBe(200);
    expect((await download(otherProvider, id)).statusCode).toBe(404);
    expect((await download(client, id)).statusCode).toBe(404);
    expect((await download(null, id)).statusCode).toBe(401);
    // A document sent with the application stays with it: the admin reviews what was sent.
    const kept = await api(user, "DELETE", `/api/files/${id}`);
    expect(kept.statusCode).toBe(409);
    expect(kept.json().message).toBe(FILE_MESSAGES.applicationDocument);
    const listed = await pendingEntry(company.id);
    expect(listed.documents.map((d: { id: string }) => d.id)).toEqual(documents.map((d) => d.fileId));
    expect(listed.changesRequested).toBeNull();
  });

  it("keeps the spec's body working without documents", async () => {
    const user = await createUser(ctx, "client");
    const res = await api(user, "POST", "/api/companies", { ...APPLICATION, name: "Plain Body Ltd" });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ documents: [], verifiedDocuments: [], changesNote: null });
  });

  it("refuses another person's upload, an unknown kind and a file named twice with 400, writing nothing", async () => {
    const user = await createUser(ctx, "client");
    const theirs = await uploaded(client);
    const mine = await uploaded(user);
    const cases: [Doc[], string][] = [
      [[{ fileId: theirs, kind: "insurance" }], FILE_MESSAGES.unknownFile],
      [[{ fileId: mine, kind: "passport" }], "Choose what the document is"],
      [
        [
          { fileId: mine, kind: "insurance" },
          { fileId: mine, kind: "other" },
        ],
        "Each document can be attached once",
      ],
    ];
    for (const [documents, message] of cases) {
      const res = await api(user, "POST", "/api/companies", { ...APPLICATION, name: "Refused Ltd", documents });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.body).toContain(message);
    }
    expect((await api(user, "GET", "/api/companies/me")).statusCode).toBe(404);
    const [row] = await ctx.database.db.select().from(files).where(eq(files.id, theirs));
    expect(row?.companyId).toBeNull();
  });

  it("adds documents to a pending application by an edit, and refuses them once approved (409)", async () => {
    const { user, company } = await applyWith([]);
    const more = await uploaded(user, "certificate.png", PNG);
    const edited = await api(user, "PUT", "/api/companies/me", {
      ...APPLICATION,
      documents: [{ fileId: more, kind: "certification" }],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().documents).toMatchObject([{ id: more, documentKind: "certification" }]);
    expect((await approve(company.id)).statusCode).toBe(200);
    const late = await uploaded(user);
    const refused = await api(user, "PUT", "/api/companies/me", {
      ...APPLICATION,
      documents: [{ fileId: late, kind: "insurance" }],
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(DOCUMENTS_AFTER_APPROVAL_MESSAGE);
  });
});

describe("request changes, resubmission and approval with what was verified", () => {
  it("sends the application back with the note, shows the admin what changed, and names what was verified", async () => {
    const { user, company, documents } = await applyWith(["business_registration"], "Changeable Robotics");
    const note = "Add your insurance certificate and say which ERPs you post to.";
    const asked = await requestChanges(admin, company.id, { note: `  ${note} ` });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json()).toMatchObject({ status: "changes_requested", changesNote: note });

    // The provider sees the note, in its company and in why it gets no leads.
    expect((await api(user, "GET", "/api/companies/me")).json()).toMatchObject({ changesNote: note });
    expect((await api(user, "GET", "/api/leads/access")).json().reason).toContain(note);
    // Logged and notified as approve and reject are.
    const [log] = await ctx.database.db
      .select()
      .from(activityLogs)
      .where(and(eq(activityLogs.resourceId, String(company.id)), eq(activityLogs.action, "request_provider_changes")));
    expect(JSON.parse(log?.details ?? "{}")).toMatchObject({
      note,
      oldStatus: "pending",
      newStatus: "changes_requested",
    });
    const [bell] = await ctx.database.db.select().from(notifications).where(eq(notifications.userId, user.id));
    expect(bell).toMatchObject({ kind: "provider.changes_requested", title: "Your company profile needs changes" });
    expect(bell?.body).toContain(note);
    const mail = await ctx.database.db.select().from(emailOutbox).where(eq(emailOutbox.userId, user.id));
    expect(mail.some((m) => m.subject.startsWith("Changes requested"))).toBe(true);
    // Waiting for the provider: not in the admin's list, and neither approved nor asked again.
    expect(await pendingEntry(company.id)).toBeUndefined();
    expect((await approve(company.id)).statusCode).toBe(409);
    expect((await requestChanges(admin, company.id, { note: "Again" })).statusCode).toBe(409);

    const insurance = await uploaded(user, "insurance.pdf");
    const resubmitted = await api(user, "PUT", "/api/companies/me", {
      ...APPLICATION,
      name: "Changeable Robotics",
      description: `${APPLICATION.description} We post to SAP, NetSuite and Dynamics.`,
      documents: [{ fileId: insurance, kind: "insurance" }],
    });
    expect(resubmitted.statusCode, resubmitted.body).toBe(200);
    expect(resubmitted.json()).toMatchObject({ status: "pending", changesNote: null });

    const listed = await pendingEntry(company.id);
    expect(listed.changesRequested).toMatchObject({
      note,
      documentsRemoved: 0,
      changes: [
        {
          field: "description",
          label: "Description",
          before: APPLICATION.description,
          after: `${APPLICATION.description} We post to SAP, NetSuite and Dynamics.`,
        },
      ],
    });
    expect(listed.changesRequested.resubmittedAt).not.toBeNull();
    expect(listed.changesRequested.documentsAdded.map((d: { id: string }) => d.id)).toEqual([insurance]);
    expect(listed.documents.map((d: { id: string }) => d.id)).toEqual([documents[0]?.fileId, insurance]);

    // Only documents the application has can be recorded as verified.
    const notThere = await approve(company.id, { verifiedDocuments: ["certification"] });
    expect(notThere.statusCode).toBe(400);
    expect(notThere.json().message).toContain("No certification document is attached");
    expect((await approve(company.id, { verifiedDocuments: ["other"] })).statusCode).toBe(400);
    const approved = await approve(company.id, { verifiedDocuments: ["insurance", "business_registration"] });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({
      status: "approved",
      verifiedDocuments: ["business_registration", "insurance"],
    });
    const profile = await api(null, "GET", `/api/providers/${await slugOf(ctx, { companyId: company.id })}`);
    expect(profile.json()).toMatchObject({ verified: true, verifiedDocuments: ["business_registration", "insurance"] });
    expect(await pendingEntry(company.id)).toBeUndefined();
  });

  it("approves without a body as the spec calls it: the badge names nothing", async () => {
    const { company } = await applyWith(["insurance"], "Spec Approval Co");
    const res = await approve(company.id);
    expect(res.statusCode).toBe(200);
    expect(res.json().verifiedDocuments).toEqual([]);
    const profile = await api(null, "GET", `/api/providers/${await slugOf(ctx, { companyId: company.id })}`);
    expect(profile.json()).toMatchObject({ verified: true, verifiedDocuments: [] });
  });

  it("requires a note within its limit, admins only, on pending companies only", async () => {
    const { user, company } = await applyWith([], "Strict Note Co");
    for (const body of [
      undefined,
      {},
      { note: "   " },
      { note: "x".repeat(CHANGES_NOTE_MAX + 1) },
      { note: "ok", x: 1 },
    ]) {
      const res = await requestChanges(admin, company.id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await requestChanges(admin, company.id, {})).json().message).toContain(
      "Write what the provider should change",
    );
    expect((await requestChanges(user, company.id, { note: "Mine" })).statusCode).toBe(403);
    expect((await requestChanges(otherProvider, company.id, { note: "Theirs" })).statusCode).toBe(403);
    expect((await requestChanges(null, company.id, { note: "Nobody" })).statusCode).toBe(401);
    expect((await requestChanges(admin, 999_999, { note: "Gone" })).statusCode).toBe(404);
    expect((await requestChanges(admin, otherProvider.companyId, { note: "Approved" })).statusCode).toBe(409);
    expect((await api(user, "GET", "/api/companies/me")).json().status).toBe("pending");
  });

  it("lets the admin reject an application sent back, and says a decided one is decided, documents or not", async () => {
    const { user, company } = await applyWith(["insurance"], "Silent Applicant Co");
    expect((await requestChanges(admin, company.id, { note: "Name your ERPs" })).statusCode).toBe(200);
    const early = await approve(company.id, { verifiedDocuments: ["insurance"] });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toContain("approve it once it resubmits, or reject it");
    // The provider never answers: the admin closes it.
    const rejected = await api(admin, "PATCH", `/api/admin/providers/${company.id}/reject`, { reason: "No answer" });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect((await api(user, "GET", "/api/companies/me")).json()).toMatchObject({ status: "rejected" });
    // Already decided: a 409 that says so in words, before any check of the documents named.
    const again = await approve(company.id, { verifiedDocuments: ["business_registration"] });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe("This provider is already rejected; only pending providers can be decided.");
    const approved = await approve(otherProvider.companyId, { verifiedDocuments: ["insurance"] });
    expect(approved.statusCode).toBe(409);
  });

  it("deletes the documents with the account that applied, content and all", async () => {
    const { user, documents } = await applyWith(["insurance"], "Leaving Ltd");
    const deleted = await api(user, "POST", "/api/account/delete", { password: user.password });
    expect(deleted.statusCode, deleted.body).toBe(204);
    const id = documents[0]?.fileId ?? "";
    expect(await ctx.database.db.select().from(files).where(eq(files.id, id))).toEqual([]);
    expect(await ctx.database.db.select().from(fileChunks).where(eq(fileChunks.fileId, id))).toEqual([]);
  });
});
