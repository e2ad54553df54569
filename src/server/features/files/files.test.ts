// Files (issue 33, decision 176), through the API on both databases: uploads checked by their content,
// the limits, who may download what (404 for everyone else), attaching to a request, a message and a
// quote, an administrator's removal, the sweep, and an account's deletion and export.
import { Readable } from "node:stream";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FILE_MAX_BYTES, FILE_MESSAGES, FILES_PER_ITEM, PENDING_FILES_MAX } from "@/shared/files";
import { activityLogs } from "../../db/schema/activity-logs";
import { fileChunks, files } from "../../db/schema/files";
import { quoteRequests } from "../../db/schema/quote-requests";
import { EICAR, startClamd, type TestClamd } from "../../test/clamd";
import { fileHelpers, PDF, PNG } from "../../test/files";
import { createTopProvider, quoteRequestBody } from "../../test/fixtures";
import { leadOf, matchedRequest, quoteBody } from "../../test/scenarios";
import { sharedTestContext, sharedTopProviders, sharedUsers } from "../../test/shared-context";
import { as, createUser } from "../../test/test-app";
import { sweepFiles } from "./service";

const ctx = sharedTestContext();
const [provider] = sharedTopProviders(ctx, 1);
const [client, other, admin] = sharedUsers(ctx, "client", "client", "admin");
const { api, upload, uploaded, download, fileRows, messageWithFile } = fileHelpers(ctx);

/** A Windows program, named as a PDF. */
const EXE = Buffer.concat([Buffer.from("MZ"), Buffer.alloc(510, 0x90)]);

describe("uploading", () => {
  it("keeps a PDF as its content says, and gives it back to its uploader as a download that never runs", async () => {
    const res = await upload(client, "Invoice process.pdf", PDF, { "content-type": "text/html" });
    expect(res.statusCode, res.body).toBe(201);
    const file = res.json();
    expect(file).toMatchObject({ name: "Invoice process.pdf", size: PDF.length, contentType: "application/pdf" });
    expect(file).toMatchObject({ kind: "pdf", previewUrl: null, removed: false, url: `/api/files/${file.id}` });

    const got = await download(client, file.id);
    expect(got.statusCode).toBe(200);
    expect(got.rawPayload.equals(PDF)).toBe(true);
    expect(got.headers["content-type"]).toBe("application/pdf");
    expect(got.headers["content-disposition"]).toBe('attachment; filename="Invoice process.pdf"');
    expect(got.headers["x-content-type-options"]).toBe("nosniff");
    expect(got.headers["content-security-policy"]).toContain("sandbox");
    expect(got.headers["content-security-policy"]).toContain("default-src 'none'");
    // A preview is for images only: a PDF still downloads.
    expect((await download(client, file.id, "?preview=1")).headers["content-disposition"]).toMatch(/^attachment/);
  });

  it("shows an image inline when asked, and names the file safely whatever it was called", async () => {
    const res = await upload(client, "../../etc/scré\u0007en—1.png", PNG);
    expect(res.statusCode, res.body).toBe(201);
    const file = res.json();
    expect(file).toMatchObject({ name: "scréen—1.png", kind: "image", contentType: "image/png" });
    expect(file.previewUrl).toBe(`/api/files/${file.id}?preview=1`);
    const shown = await download(client, file.id, "?preview=1");
    expect(shown.headers["content-disposition"]).toBe(
      "inline; filename=\"scr_en_1.png\"; filename*=UTF-8''scr%C3%A9en%E2%80%941.png",
    );
    expect(shown.headers["content-security-policy"]).toContain("sandbox");
  });

  it("refuses a type it does not accept, from the content, and keeps nothing of it", async () => {
    const before = await fileRows();
    const exe = await upload(client, "proposal.pdf", EXE);
    expect(exe.statusCode).toBe(415);
    expect(exe.json().message).toBe(FILE_MESSAGES.refusedType("proposal.pdf"));
    const html = await upload(client, "page.html", Buffer.from("<html><script>alert(1)</script></html>"));
    expect(html.statusCode).toBe(415);
    const binaryCsv = await upload(client, "data.csv", Buffer.from([0x01, 0x00, 0xff, 0xfe, 0x00]));
    expect(binaryCsv.statusCode).toBe(415);
    expect(await fileRows()).toEqual(before);
  });

  it("accepts text by its extension: CSV, plain text and BPMN", async () => {
    const csv = await upload(client, "volumes.csv", Buffer.from("month,invoices\nJan,1200\n"));
    expect(csv.json()).toMatchObject({ contentType: "text/csv", kind: "spreadsheet" });
    const bpmn = await upload(
      client,
      "flow.bpmn",
      Buffer.from('<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL"/>'),
    );
    expect(bpmn.json()).toMatchObject({ contentType: "application/xml", kind: "diagram" });
    const txt = await upload(client, "notes.txt", Buffer.from("Steps: open SAP, key the invoice.\n"));
    expect(txt.json()).toMatchObject({ contentType: "text/plain", kind: "text" });
  });

  it("refuses a file over 25 MB, announced or streamed, and an empty one, leaving nothing behind", async () => {
    const before = await fileRows();
    const announced = await upload(client, "big.pdf", PDF, { "content-length": String(FILE_MAX_BYTES + 1) });
    expect(announced.statusCode).toBe(413);
    expect(announced.json().message).toBe(FILE_MESSAGES.tooLarge("big.pdf"));
    // Chunked, without a length: it is stopped as it passes the limit.
    const chunk = Buffer.alloc(1024 * 1024, 0x20);
    const body = Readable.from(
      (function* () {
        yield PDF;
        for (let i = 0; i < 26; i += 1) yield chunk;
      })(),
    );
    const streamed = await upload(client, "big.pdf", body);
    expect(streamed.statusCode).toBe(413);
    const empty = await upload(client, "empty.pdf", Buffer.alloc(0));
    expect(empty.statusCode).toBe(400);
    expect(await fileRows()).toEqual(before);
  });

  it("needs a name, a client or provider account, and keeps at most 30 uploads waiting per person", async () => {
    expect((await as(ctx, client, { method: "POST", url: "/api/files", payload: PDF })).statusCode).toBe(400);
    expect((await upload(admin, "x.pdf", PDF)).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: "POST", url: "/api/files?name=x.pdf", payload: PDF })).statusCode).toBe(401);
    const busy = await createUser(ctx, "client");
    for (let i = 0; i < PENDING_FILES_MAX; i += 1) await uploaded(busy, `f${i}.pdf`);
    const refused = await upload(busy, "one-more.pdf", PDF);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(FILE_MESSAGES.tooManyPending);
  });
});

describe("with clamd scanning uploads", () => {
  let clamd: TestClamd;
  beforeAll(async () => {
    clamd = await startClamd();
    ctx.deps.files.clamd = clamd.config;
  });
  afterAll(async () => {
    ctx.deps.files.clamd = null;
    await clamd.stop();
  });

  it("refuses an infected file before anyone can have it, accepts a clean one, and refuses all while clamd is down", async () => {
    const before = await fileRows();
    const infected = await upload(client, "notes.txt", Buffer.from(`Meeting notes\n${EICAR}\n`));
    expect(infected.statusCode).toBe(422);
    expect(infected.json().message).toBe(FILE_MESSAGES.infected("notes.txt"));
    expect(await fileRows()).toEqual(before);
    expect((await upload(client, "clean.pdf", PDF)).statusCode).toBe(201);

    await clamd.stop();
    const down = await upload(client, "clean.pdf", PDF);
    expect(down.statusCode).toBe(503);
    expect(down.json().message).toContain(FILE_MESSAGES.scannerDown);
    expect(down.headers["retry-after"]).toBeDefined();
  });
});

describe("a request's process documents", () => {
  let requestId: number;
  let fileId: string;

  beforeAll(async () => {
    fileId = await uploaded(client, "as-is process.pdf");
    requestId = await matchedRequest(ctx, client, { fileIds: [fileId] } as never);
  });

  it("are the client's, the matched provider's and an admin's to read, and nobody else's", async () => {
    const detail = await api(client, "GET", `/api/quote-requests/${requestId}`);
    expect(detail.json().files).toEqual([expect.objectContaining({ id: fileId, name: "as-is process.pdf" })]);
    const leadId = await leadOf(ctx, provider, requestId);
    const lead = await api(provider, "GET", `/api/leads/${leadId}`);
    expect(lead.json().request.files).toEqual([expect.objectContaining({ id: fileId })]);
    expect((await download(provider, fileId)).rawPayload.equals(PDF)).toBe(true);
    expect((await download(admin, fileId)).statusCode).toBe(200);

    const stranger = await createTopProvider(ctx);
    for (const user of [other, stranger]) expect((await download(user, fileId)).statusCode).toBe(404);
    expect((await download(null, fileId)).statusCode).toBe(401);
  });

  it("are no longer a provider's once it declines the lead", async () => {
    const declining = await createTopProvider(ctx);
    const id = await uploaded(client);
    const request = await matchedRequest(ctx, client, { fileIds: [id] } as never);
    const leadId = await leadOf(ctx, declining, request);
    expect((await download(declining, id)).statusCode).toBe(200);
    const declined = await api(declining, "POST", `/api/leads/${leadId}/decline`, { reason: "no_capacity" });
    expect(declined.statusCode, declined.body).toBe(200);
    expect(declined.json().request.files).toEqual([]);
    expect((await download(declining, id)).statusCode).toBe(404);
  });

  it("refuses someone else's upload, and sends nothing at all then", async () => {
    const [before] = await ctx.database.db.select({ n: count() }).from(quoteRequests);
    const theirs = await uploaded(other);
    const res = await api(client, "POST", "/api/quote-requests", { ...quoteRequestBody(), fileIds: [theirs] });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(FILE_MESSAGES.unknownFile);
    const [after] = await ctx.database.db.select({ n: count() }).from(quoteRequests);
    expect(after?.n).toBe(before?.n);
    // Nor can a file be attached twice.
    const twice = await api(client, "POST", "/api/quote-requests", { ...quoteRequestBody(), fileIds: [fileId] });
    expect(twice.statusCode).toBe(400);
  });

  it("take more later, up to 10 in all, while the request is open, and the client may remove one", async () => {
    const request = await matchedRequest(ctx, client);
    const ids = [];
    for (let i = 0; i < FILES_PER_ITEM + 1; i += 1) ids.push(await uploaded(client, `doc-${i}.pdf`));
    const first = await api(client, "POST", `/api/quote-requests/${request}/files`, { fileIds: ids.slice(0, 4) });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().files).toHaveLength(4);
    const tooMany = await api(client, "POST", `/api/quote-requests/${request}/files`, { fileIds: ids.slice(4) });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toBe(FILE_MESSAGES.tooMany);
    expect(
      (await api(other, "POST", `/api/quote-requests/${request}/files`, { fileIds: ids.slice(4, 5) })).statusCode,
    ).toBe(404);

    expect((await api(other, "DELETE", `/api/files/${ids[0]}`)).statusCode).toBe(404);
    expect((await api(client, "DELETE", `/api/files/${ids[0]}`)).statusCode).toBe(204);
    expect((await api(client, "GET", `/api/quote-requests/${request}`)).json().files).toHaveLength(3);

    expect((await api(client, "POST", `/api/quote-requests/${request}/cancel`)).statusCode).toBe(200);
    const closed = await api(client, "POST", `/api/quote-requests/${request}/files`, { fileIds: ids.slice(4, 5) });
    expect(closed.statusCode).toBe(409);
    expect(closed.json().message).toBe(FILE_MESSAGES.noLongerEditable);
  });
});

describe("files in a thread and with a quote", () => {
  it("a message may be files alone, and they are the two parties' only", async () => {
    const { leadId, id, message } = await messageWithFile(client, provider);
    expect(message).toMatchObject({ body: "", files: [expect.objectContaining({ id, kind: "image" })] });
    const page = await api(provider, "GET", `/api/conversations/${leadId}/messages`);
    expect(page.json().messages[0].files).toEqual([expect.objectContaining({ id })]);
    expect((await download(provider, id, "?preview=1")).statusCode).toBe(200);
    expect((await download(other, id)).statusCode).toBe(404);
    // Neither words nor files: nothing to send.
    expect((await api(client, "POST", `/api/conversations/${leadId}/messages`, { body: " " })).statusCode).toBe(400);
    // A sent file stays with its message.
    expect((await api(client, "DELETE", `/api/files/${id}`)).statusCode).toBe(409);
  });

  it("the proposal sent with a quote is beside it in the client's comparison", async () => {
    const request = await matchedRequest(ctx, client);
    const leadId = await leadOf(ctx, provider, request);
    const proposal = await uploaded(provider, "Proposal.pdf");
    const sent = await api(provider, "POST", `/api/leads/${leadId}/quote`, quoteBody({ fileIds: [proposal] }));
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json().files).toEqual([expect.objectContaining({ id: proposal, name: "Proposal.pdf" })]);
    const compared = await api(client, "GET", `/api/quote-requests/${request}/quotes`);
    expect(compared.json()[0].files).toEqual([expect.objectContaining({ id: proposal })]);
    expect((await download(client, proposal)).rawPayload.equals(PDF)).toBe(true);
    expect((await download(other, proposal)).statusCode).toBe(404);
  });
});

describe("an administrator's removal", () => {
  it("deletes the content, keeps the place for both parties, and is logged", async () => {
    const id = await uploaded(client, "offensive.png", PNG);
    const request = await matchedRequest(ctx, client, { fileIds: [id] } as never);
    expect((await api(client, "DELETE", `/api/admin/files/${id}`, {})).statusCode).toBe(403);
    const removed = await api(admin, "DELETE", `/api/admin/files/${id}`, { reason: "Abusive image" });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toMatchObject({ removed: true, name: FILE_MESSAGES.removedByAdmin, previewUrl: null });
    const leadId = await leadOf(ctx, provider, request);
    for (const seen of [
      (await api(client, "GET", `/api/quote-requests/${request}`)).json().files,
      (await api(provider, "GET", `/api/leads/${leadId}`)).json().request.files,
    ]) {
      expect(seen).toEqual([expect.objectContaining({ id, removed: true, name: FILE_MESSAGES.removedByAdmin })]);
    }
    expect((await download(client, id)).statusCode).toBe(410);
    const [chunks] = await ctx.database.db.select({ n: count() }).from(fileChunks).where(eq(fileChunks.fileId, id));
    expect(chunks?.n).toBe(0);
    const [log] = await ctx.database.db.select().from(activityLogs).where(eq(activityLogs.resourceId, id));
    expect(log).toMatchObject({ action: "remove_file", adminId: admin.id });
    expect((await api(admin, "DELETE", `/api/admin/files/${id}`, {})).statusCode).toBe(404);
  });
});

describe("the sweep, an account's deletion and its export", () => {
  it("removes uploads never attached after a day, and uploads never finished after an hour", async () => {
    const user = await createUser(ctx, "client");
    const kept = await uploaded(user, "kept.pdf");
    const request = await matchedRequest(ctx, user, { fileIds: [kept] } as never);
    const pending = await uploaded(user, "pending.pdf");
    const [unfinished] = await ctx.database.db
      .insert(files)
      .values({ uploaderId: user.id, name: "cut.pdf", store: "database", createdAt: ctx.clock.now() })
      .returning();
    ctx.clock.advance(2 * 60 * 60 * 1000);
    await sweepFiles(ctx.deps);
    const ids = async () => (await ctx.database.db.select({ id: files.id }).from(files)).map((r) => r.id);
    expect(await ids()).not.toContain(unfinished?.id);
    expect(await ids()).toContain(pending);
    ctx.clock.advance(23 * 60 * 60 * 1000);
    await sweepFiles(ctx.deps);
    expect(await ids()).not.toContain(pending);
    expect(await ids()).toContain(kept);
    expect((await api(user, "GET", `/api/quote-requests/${request}`)).json().files).toHaveLength(1);
  });

  it("lists the user's files in the export and holds them in the ZIP; deleting the account deletes only its unsent uploads", async () => {
    const user = await createUser(ctx, "client");
    const sent = await uploaded(user, "sent.pdf");
    await matchedRequest(ctx, user, { fileIds: [sent] } as never);
    const unsent = await uploaded(user, "unsent.png", PNG);
    const exported = await api(user, "GET", "/api/account/export");
    expect(
      exported
        .json()
        .files.map((f: { id: string }) => f.id)
        .sort(),
    ).toEqual([sent, unsent].sort());
    const zip = await api(user, "GET", "/api/account/export.zip");
    expect(zip.statusCode).toBe(200);
    expect(zip.headers["content-type"]).toBe("application/zip");
    // The entries' names are in the archive's central directory, the PDF stored as it is.
    const bytes = zip.rawPayload;
    expect(bytes.subarray(0, 2).toString()).toBe("PK");
    expect(bytes.includes(Buffer.from(`files/${sent}-sent.pdf`))).toBe(true);
    expect(bytes.includes(Buffer.from(`files/${unsent}-unsent.png`))).toBe(true);
    expect(bytes.includes(Buffer.from("my-data.json"))).toBe(true);

    const deleted = await api(user, "POST", "/api/account/delete", { password: user.password });
    expect(deleted.statusCode, deleted.body).toBe(204);
    const left = (await ctx.database.db.select({ id: files.id }).from(files)).map((r) => r.id);
    expect(left).toContain(sent);
    expect(left).not.toContain(unsent);
  });
});
