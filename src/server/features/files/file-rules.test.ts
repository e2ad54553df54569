// Files' edges (decision 176), through the API on both databases: names that must agree with the content,
// hidden messages, API tokens, deleting what is still uploading or closed, uploads at once, a body gone
// before it is read, a removal whose content could not be deleted, and the sweep against an attach that
// commits while it waits.
import { PassThrough, Readable } from "node:stream";
import { count, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { FILE_MESSAGES, UPLOADS_AT_ONCE_MAX } from "@/shared/files";
import { fileChunks, files } from "../../db/schema/files";
import { users } from "../../db/schema/users";
import { fileHelpers, PDF, PNG } from "../../test/files";
import { matchedRequest } from "../../test/scenarios";
import { sharedTestContext, sharedTopProviders, sharedUsers } from "../../test/shared-context";
import { createUser } from "../../test/test-app";
import { createApiToken } from "../auth/api-tokens";
import * as q from "./queries";
import { sweepFiles, uploadFile } from "./service";

const ctx = sharedTestContext();
const [provider] = sharedTopProviders(ctx, 1);
const [client, admin] = sharedUsers(ctx, "client", "admin");
const { api, upload, uploaded, download, fileRows, messageWithFile } = fileHelpers(ctx);

describe("a file's name", () => {
  it("must say what the content is: a PDF named .html and XML named .svg are refused, saying how to fix it", async () => {
    const before = await fileRows();
    const html = await upload(client, "invoice.html", PDF);
    expect(html.statusCode).toBe(415);
    expect(html.json().message).toBe(FILE_MESSAGES.wrongExtension("invoice.html", "pdf"));
    const svg = await upload(
      client,
      "logo.svg",
      Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"/>'),
    );
    expect(svg.statusCode).toBe(415);
    expect(svg.json().message).toBe(FILE_MESSAGES.wrongExtension("logo.svg", "xml"));
    const page = await upload(client, "page.html", Buffer.from("<!doctype html><script>alert(1)</script>"));
    expect(page.statusCode).toBe(415);
    expect(page.json().message).toBe(FILE_MESSAGES.refusedType("page.html"));
    expect(await fileRows()).toEqual(before);
    // Either extension of a JPEG's, any case.
    const jpeg = await upload(client, "scan.JPEG", Buffer.from("ffd8ffe000104a4649460001010000010001000000", "hex"));
    expect(jpeg.statusCode, jpeg.body).toBe(201);
  });

  it("loses the direction overrides that would show an .exe as a .pdf", async () => {
    const res = await upload(client, "invoice\u202Efdp.png", PNG);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().name).toBe("invoicefdp.png");
    const isolates = await upload(client, "a\u2066b\u2069\u200F.png", PNG);
    expect(isolates.json().name).toBe("ab.png");
  });
});

describe("who may download", () => {
  it("nobody but an admin, once an administrator hid the message that carried the file", async () => {
    const { id, message } = await messageWithFile(client, provider);
    expect((await download(provider, id)).statusCode).toBe(200);
    const hidden = await api(admin, "POST", `/api/admin/messages/${message.id}/hide`, { reason: "Abusive image" });
    expect(hidden.statusCode, hidden.body).toBeLessThan(300);
    expect((await download(provider, id)).statusCode).toBe(404);
    expect((await download(client, id)).statusCode).toBe(404);
    expect((await download(admin, id)).statusCode).toBe(200);
  });

  it("an API token: a lead's files with leads:read, a thread's with messages:read, never uploads", async () => {
    const requestFile = await uploaded(client, "process.pdf");
    const { leadId, id: messageFile } = await messageWithFile(client, provider, { fileIds: [requestFile] });
    const [row] = await ctx.database.db.select().from(users).where(eq(users.id, provider.id));
    if (!row) throw new Error("no provider");
    const tokenOf = async (scopes: ("leads:read" | "messages:read")[]) =>
      (await createApiToken(ctx.deps, row, { name: scopes.join(" "), scopes, expiresInDays: 7 })).token;
    const get = (token: string, id: string) =>
      ctx.app.inject({ method: "GET", url: `/api/files/${id}`, headers: { authorization: `Bearer ${token}` } });

    const leadsOnly = await tokenOf(["leads:read"]);
    const lead = await ctx.app.inject({
      method: "GET",
      url: `/api/leads/${leadId}`,
      headers: { authorization: `Bearer ${leadsOnly}` },
    });
    const url: string = lead.json().request.files[0].url;
    const fetched = await ctx.app.inject({ method: "GET", url, headers: { authorization: `Bearer ${leadsOnly}` } });
    expect(fetched.statusCode).toBe(200);
    expect(fetched.rawPayload.equals(PDF)).toBe(true);
    const refused = await get(leadsOnly, messageFile);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toContain("messages:read");

    const messagesOnly = await tokenOf(["messages:read"]);
    expect((await get(messagesOnly, messageFile)).statusCode).toBe(200);
    expect((await get(messagesOnly, requestFile)).statusCode).toBe(403);
    // Another party's file is as unknown to a token as to its owner's session.
    const stranger = await uploaded(await createUser(ctx, "client"));
    expect((await get(leadsOnly, stranger)).statusCode).toBe(404);
    const up = await ctx.app.inject({
      method: "POST",
      url: "/api/files?name=x.pdf",
      headers: { authorization: `Bearer ${leadsOnly}`, "content-type": "application/pdf" },
      payload: PDF,
    });
    expect(up.statusCode).toBe(403);
  });

  it("has no HEAD for a file or the ZIP export: it would read them whole", async () => {
    const id = await uploaded(client);
    const head = await ctx.app.inject({ method: "HEAD", url: `/api/files/${id}`, headers: { cookie: client.cookie } });
    expect(head.statusCode).toBe(404);
    const zip = await ctx.app.inject({
      method: "HEAD",
      url: "/api/account/export.zip",
      headers: { cookie: client.cookie },
    });
    expect(zip.statusCode).toBe(404);
  });
});

describe("deleting one's own file", () => {
  it("refuses one still uploading, and a closed request's, and keeps them", async () => {
    const [uploading] = await ctx.database.db
      .insert(files)
      .values({ uploaderId: client.id, name: "half.pdf", store: "database" })
      .returning();
    const busy = await api(client, "DELETE", `/api/files/${uploading?.id}`);
    expect(busy.statusCode).toBe(409);
    expect(busy.json().message).toBe(FILE_MESSAGES.stillUploading);

    const id = await uploaded(client);
    const request = await matchedRequest(ctx, client, { fileIds: [id] } as never);
    expect((await api(client, "POST", `/api/quote-requests/${request}/cancel`)).statusCode).toBe(200);
    const closed = await api(client, "DELETE", `/api/files/${id}`);
    expect(closed.statusCode).toBe(409);
    expect(closed.json().message).toBe(FILE_MESSAGES.requestClosed);
    expect((await api(client, "GET", `/api/quote-requests/${request}`)).json().files).toHaveLength(1);
  });
});

describe("uploads in progress", () => {
  it(`takes ${UPLOADS_AT_ONCE_MAX} at once from one person, and refuses the next until one ends`, async () => {
    const person = await createUser(ctx, "client");
    const bodies = Array.from({ length: UPLOADS_AT_ONCE_MAX }, () => new PassThrough());
    const running = bodies.map((body, i) => {
      body.write(PDF);
      return upload(person, `part-${i}.pdf`, body);
    });
    const uploadingRows = async () => {
      const [row] = await ctx.database.db.select({ n: count() }).from(files).where(eq(files.uploaderId, person.id));
      return row?.n ?? 0;
    };
    // Each has its row once it is under way.
    await expect.poll(uploadingRows).toBe(UPLOADS_AT_ONCE_MAX);
    const refused = await upload(person, "one-more.pdf", PDF);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(FILE_MESSAGES.tooManyAtOnce);
    for (const body of bodies) body.end();
    for (const res of await Promise.all(running)) expect(res.statusCode, res.body).toBe(201);
    expect((await upload(person, "one-more.pdf", PDF)).statusCode).toBe(201);
  });

  it("ends at once, leaving nothing, when the body was gone before it was read", async () => {
    const before = await fileRows();
    const gone = new Readable({ read() {} });
    gone.destroy();
    await expect(uploadFile(ctx.deps, client, "late.pdf", gone, null)).rejects.toThrow("The upload was interrupted.");
    expect(await fileRows()).toEqual(before);
  });
});

describe("content whose removal failed", () => {
  it("does not fail the administrator's removal, and the sweep deletes it later", async () => {
    const id = await uploaded(client, "offensive.png", PNG);
    await matchedRequest(ctx, client, { fileIds: [id] } as never);
    const database = ctx.deps.files.database;
    ctx.deps.files.database = {
      ...database,
      remove: async () => {
        throw new Error("the database went away");
      },
    };
    try {
      const removed = await api(admin, "DELETE", `/api/admin/files/${id}`, { reason: "Abusive image" });
      expect(removed.statusCode, removed.body).toBe(200);
    } finally {
      ctx.deps.files.database = database;
    }
    const chunksOf = async () =>
      (await ctx.database.db.select({ n: count() }).from(fileChunks).where(eq(fileChunks.fileId, id)))[0]?.n;
    expect(await chunksOf()).toBeGreaterThan(0);
    expect((await download(client, id)).statusCode).toBe(410);
    await sweepFiles(ctx.deps);
    expect(await chunksOf()).toBe(0);
  });
});

describe("the sweep", () => {
  it("keeps an old upload that a send attaches while the sweep waits on it", async () => {
    const id = await uploaded(client, "late-but-sent.pdf");
    const request = await matchedRequest(ctx, client);
    // The upload is past its day when the sweep runs; the send attaching it has not committed yet.
    ctx.clock.advance(25 * 60 * 60 * 1000);
    let sweep: Promise<number> | null = null;
    await ctx.database.db.transaction(async (tx) => {
      expect(await q.attach(tx, client.id, [id], { quoteRequestId: request }, ctx.clock.now())).toBe(1);
      sweep = sweepFiles(ctx.deps);
      if (ctx.database.kind === "postgres") {
        // The sweep's DELETE is waiting on the row this transaction holds.
        await expect
          .poll(async () => {
            const [row] = await tx
              .select({ n: sql<number>`count(*)::int` })
              .from(sql`pg_stat_activity`)
              .where(sql`wait_event_type = 'Lock' and datname = current_database()`);
            return row?.n ?? 0;
          })
          .toBeGreaterThan(0);
      }
    });
    await sweep;
    const [row] = await ctx.database.db.select().from(files).where(eq(files.id, id));
    expect(row?.quoteRequestId).toBe(request);
  });
});
