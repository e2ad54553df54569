import { gunzipSync } from "node:zlib";
import { eq, sql } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { beforeAll, describe, expect, it } from "vitest";
import { EXPORT_PATHS } from "@/shared/exports";
import { leadPath } from "@/shared/paths";
import { quoteRequests } from "../../db/schema/quote-requests";
import { users } from "../../db/schema/users";
import { createProvider, createTopProvider, type TestProvider } from "../../test/fixtures";
import { leadOf, matchedRequest, quoteOn } from "../../test/scenarios";
import { sharedTestContext } from "../../test/shared-context";
import { apiAs, as, createUser, type TestUser } from "../../test/test-app";
import { csvStream, EXPORT_BATCH_SIZE, everyRow } from "./csv";

const ctx = sharedTestContext();
const { get } = apiAs(ctx);

let client: TestUser;
let admin: TestUser;
let a: TestProvider;
let b: TestProvider;
let pending: TestProvider;
let firstRequest: number;
let secondRequest: number;

const BOM = "\uFEFF";

/** The file's rows, header first: RFC 4180 as csv-stringify writes it (quoted cells, doubled quotes, \n between rows). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") {
      row.push(cell);
      cell = "";
    } else if (c === "\n") {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
    } else cell += c;
  }
  if (cell !== "" || row.length > 0) rows.push([...row, cell]);
  return rows;
}

/** Each file's header row as it stands in the file: its columns, in their order, are what a spreadsheet shows. */
const HEADERS = {
  leads:
    "lead_id,request_id,title,industry,budget,status,match_score,invited,received_at,viewed_at,declined_at,decline_reason,lead_url",
  quotes:
    "quote_id,lead_id,request_id,title,status,amount_usd,first_year_total_usd,timeline,sent_at,updated_at,decided_at,decline_reason,lead_url",
  requests:
    "request_id,title,industry,budget,status,client_id,client_first_name,client_last_name,client_email,leads,quotes,created_at,match_due_at,request_url",
  users:
    "user_id,email,first_name,last_name,user_type,deleted,company_id,company_name,company_status,joined_at,last_sign_in_at,suspended_at,suspended_reason",
} as const;

/** The file as records by header, after checking it is a CSV download of `what`, with that file's header row. */
function csvOf(res: LightMyRequestResponse, what: keyof typeof HEADERS): Record<string, string>[] {
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
  const day = ctx.clock.now().toISOString().slice(0, 10);
  expect(res.headers["content-disposition"]).toBe(`attachment; filename="automatch-${what}-${day}.csv"`);
  expect(res.headers["cache-control"]).toBe("no-store");
  expect(res.body.startsWith(BOM)).toBe(true);
  expect(res.body.slice(BOM.length).split("\n", 1)[0]).toBe(HEADERS[what]);
  const [header = [], ...rows] = parseCsv(res.body.slice(BOM.length));
  return rows.map((cells) => Object.fromEntries(header.map((h, i) => [h, cells[i] ?? ""])));
}

beforeAll(async () => {
  client = await createUser(ctx, "client", "export-client");
  admin = await createUser(ctx, "admin", "export-admin");
  a = await createTopProvider(ctx);
  b = await createTopProvider(ctx);
  pending = await createProvider(ctx, { companyStatus: "pending" });
  firstRequest = await matchedRequest(ctx, client, { title: "Invoice processing" });
  secondRequest = await matchedRequest(ctx, client, { title: "Payroll reconciliation" });
  await quoteOn(ctx, a, firstRequest, { amount: 24_000 });
});

describe("a provider's leads", () => {
  it("are the Leads list's rows, newest first, with the lead's address and never the client's contact", async () => {
    const res = await get(a, EXPORT_PATHS.leads);
    const rows = csvOf(res, "leads");
    const list = (await get(a, "/api/leads/me")).json() as { id: number; status: string; matchScore: number }[];
    expect(rows.map((r) => Number(r.lead_id))).toEqual(list.map((l) => l.id));
    const quoted = rows.find((r) => Number(r.request_id) === firstRequest);
    expect(quoted).toMatchObject({
      lead_id: String(await leadOf(ctx, a, firstRequest)),
      title: "Invoice processing",
      industry: "finance",
      status: "quoted",
      invited: "false",
      declined_at: "",
      lead_url: `${ctx.deps.appUrl}${leadPath(await leadOf(ctx, a, firstRequest))}`,
    });
    // Quoting opened the lead: both moments in ISO 8601.
    for (const at of [quoted?.received_at, quoted?.viewed_at])
      expect(at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(Number(quoted?.match_score)).toBe(list.find((l) => String(l.id) === quoted?.lead_id)?.matchScore);
    // Even once quoted (when the lead's page shows them), the file holds no contact detail of the client.
    expect(res.body).not.toContain(client.email);
    expect(res.body).not.toContain("ada@example.com");
    expect(res.body).not.toContain("Lovelace");
  });

  it("holds only the caller's own leads", async () => {
    const mine = csvOf(await get(b, EXPORT_PATHS.leads), "leads").map((r) => Number(r.lead_id));
    expect(mine.sort()).toEqual([await leadOf(ctx, b, firstRequest), await leadOf(ctx, b, secondRequest)].sort());
    expect(mine).not.toContain(await leadOf(ctx, a, firstRequest));
  });

  it("are refused as the list refuses them: signed out 401, a client 403, a provider not yet approved 403", async () => {
    expect((await get(null, EXPORT_PATHS.leads)).statusCode).toBe(401);
    expect((await get(client, EXPORT_PATHS.leads)).statusCode).toBe(403);
    expect((await get(admin, EXPORT_PATHS.leads)).statusCode).toBe(403);
    const refused = await get(pending, EXPORT_PATHS.leads);
    expect(refused.statusCode).toBe(403);
    expect(refused.headers["content-type"]).toMatch(/^application\/json/);
    expect(refused.json().message).toBe((await get(pending, "/api/leads/me")).json().message);
  });

  it("are compressed on the way, as every answer is", async () => {
    const plain = await get(a, EXPORT_PATHS.leads);
    const gzipped = await as(ctx, a, {
      method: "GET",
      url: EXPORT_PATHS.leads,
      headers: { "accept-encoding": "gzip" },
    });
    expect(gzipped.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzipped.rawPayload).toString("utf8")).toBe(plain.body);
  });
});

describe("a provider's quotes", () => {
  it("are the My Quotes list's rows, amounts in dollars", async () => {
    const rows = csvOf(await get(a, EXPORT_PATHS.quotes), "quotes");
    const leadId = await leadOf(ctx, a, firstRequest);
    expect(rows).toEqual([
      expect.objectContaining({
        lead_id: String(leadId),
        request_id: String(firstRequest),
        title: "Invoice processing",
        status: "submitted",
        amount_usd: "24000.00",
        first_year_total_usd: "24000.00",
        timeline: "6 weeks",
        decided_at: "",
        lead_url: `${ctx.deps.appUrl}${leadPath(leadId)}`,
      }),
    ]);
  });

  it("hold only the caller's own, and a provider with none gets the header alone", async () => {
    // The header row alone (csvOf checks it).
    expect(csvOf(await get(b, EXPORT_PATHS.quotes), "quotes")).toEqual([]);
    // A pending provider may read its quotes list (it has none): the export answers alike.
    expect(csvOf(await get(pending, EXPORT_PATHS.quotes), "quotes")).toEqual([]);
    expect((await get(null, EXPORT_PATHS.quotes)).statusCode).toBe(401);
    expect((await get(client, EXPORT_PATHS.quotes)).statusCode).toBe(403);
    expect((await get(admin, EXPORT_PATHS.quotes)).statusCode).toBe(403);
  });
});

describe("the admin's requests", () => {
  it("are the Requests tab's rows with its filters: status and search", async () => {
    const closed = await matchedRequest(ctx, client, { title: "Warehouse stock counts" });
    const patched = await as(ctx, admin, {
      method: "PATCH",
      url: `/api/admin/requests/${closed}/status`,
      payload: { status: "completed" },
    });
    expect(patched.statusCode, patched.body).toBe(200);

    const all = csvOf(await get(admin, EXPORT_PATHS.adminRequests), "requests");
    const list = (await get(admin, "/api/admin/requests?limit=100")).json().items as { id: number }[];
    expect(all.map((r) => Number(r.request_id))).toEqual(list.map((r) => r.id));

    const completed = csvOf(await get(admin, `${EXPORT_PATHS.adminRequests}?status=completed`), "requests");
    expect(completed.map((r) => Number(r.request_id))).toEqual([closed]);
    expect(completed[0]).toMatchObject({
      title: "Warehouse stock counts",
      status: "completed",
      client_id: String(client.id),
      client_email: client.email,
      leads: "2",
      request_url: `${ctx.deps.appUrl}/quote-request/${closed}`,
    });

    const searched = csvOf(await get(admin, `${EXPORT_PATHS.adminRequests}?q=payroll`), "requests");
    expect(searched.map((r) => Number(r.request_id))).toEqual([secondRequest]);
    const pendingOnes = csvOf(await get(admin, `${EXPORT_PATHS.adminRequests}?status=active`), "requests");
    expect(pendingOnes.map((r) => Number(r.request_id))).not.toContain(closed);
  });

  it("refuse a filter the list refuses, and every caller but an admin", async () => {
    const bad = await get(admin, `${EXPORT_PATHS.adminRequests}?status=done`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain("status must be one of");
    expect((await get(null, EXPORT_PATHS.adminRequests)).statusCode).toBe(401);
    for (const user of [client, a, pending]) expect((await get(user, EXPORT_PATHS.adminRequests)).statusCode).toBe(403);
  });
});

describe("the admin's users", () => {
  it("are the Users tab's rows with its filters, with no password hash and deleted accounts as the list shows them", async () => {
    const leaving = await createUser(ctx, "client", "export-leaving");
    const deleted = await as(ctx, leaving, {
      method: "POST",
      url: "/api/account/delete",
      payload: { password: leaving.password },
    });
    expect(deleted.statusCode, deleted.body).toBe(204);

    const res = await get(admin, EXPORT_PATHS.adminUsers);
    const all = csvOf(res, "users");
    const list = (await get(admin, "/api/admin/users?limit=100")).json().items as { id: number; email: string }[];
    expect(all.map((r) => Number(r.user_id))).toEqual(list.map((u) => u.id));
    expect(all.find((r) => Number(r.user_id) === leaving.id)).toMatchObject({
      email: list.find((u) => u.id === leaving.id)?.email,
      first_name: "Deleted",
      deleted: "true",
    });
    expect(all.find((r) => Number(r.user_id) === a.id)).toMatchObject({
      user_type: "provider",
      deleted: "false",
      company_id: String(a.companyId),
      company_status: "approved",
    });
    const [hash] = await ctx.database.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, a.id));
    expect(res.body).not.toContain(hash?.hash ?? "no hash");
    expect(res.body).not.toMatch(/password|token|scrypt/i);

    const providers = csvOf(await get(admin, `${EXPORT_PATHS.adminUsers}?userType=provider`), "users");
    expect(providers.map((r) => r.user_type)).toEqual(providers.map(() => "provider"));
    expect(providers.map((r) => Number(r.user_id)).sort()).toEqual([a.id, b.id, pending.id].sort());

    const searched = csvOf(await get(admin, `${EXPORT_PATHS.adminUsers}?q=export-admin`), "users");
    expect(searched.map((r) => Number(r.user_id))).toEqual([admin.id]);
  });

  it("are for admins only", async () => {
    expect((await get(null, EXPORT_PATHS.adminUsers)).statusCode).toBe(401);
    for (const user of [client, a, pending]) expect((await get(user, EXPORT_PATHS.adminUsers)).statusCode).toBe(403);
    expect((await get(admin, `${EXPORT_PATHS.adminUsers}?userType=robot`)).statusCode).toBe(400);
  });
});

describe("an API token (decision 174)", () => {
  const token = async (user: TestUser, scopes: string[]) => {
    const res = await as(ctx, user, {
      method: "POST",
      url: "/api/account/tokens",
      payload: { name: `Export ${scopes.join(" ")}`, scopes, expiresInDays: 7 },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().token as string;
  };
  const withToken = (bearer: string, url: string) =>
    ctx.app.inject({ method: "GET", url, headers: { authorization: `Bearer ${bearer}` } });

  it("downloads the files of its scope: leads:read the provider's, admin:read the admin's", async () => {
    const reader = await token(a, ["leads:read"]);
    const fromToken = await withToken(reader, EXPORT_PATHS.leads);
    expect(fromToken.body).toBe((await get(a, EXPORT_PATHS.leads)).body);
    expect(csvOf(await withToken(reader, EXPORT_PATHS.quotes), "quotes")).toHaveLength(1);
    const adminReader = await token(admin, ["admin:read"]);
    expect(csvOf(await withToken(adminReader, `${EXPORT_PATHS.adminUsers}?userType=admin`), "users")).toEqual([
      expect.objectContaining({ user_id: String(admin.id) }),
    ]);
    expect(csvOf(await withToken(adminReader, EXPORT_PATHS.adminRequests), "requests").length).toBeGreaterThan(0);
  });

  it("is refused without the scope", async () => {
    const writer = await token(a, ["quotes:write"]);
    expect((await withToken(writer, EXPORT_PATHS.leads)).statusCode).toBe(403);
    expect((await withToken(writer, EXPORT_PATHS.quotes)).statusCode).toBe(403);
    const reader = await token(a, ["leads:read"]);
    expect((await withToken(reader, EXPORT_PATHS.adminUsers)).statusCode).toBe(403);
  });
});

describe("cells a spreadsheet would run", () => {
  it("start with an apostrophe: =, +, -, @, a tab or a carriage return first", async () => {
    const formulas = [
      '=HYPERLINK("http://evil.example","Click")',
      "+1+2",
      "-3+4",
      "@SUM(A1)",
      "\tTabbed",
      "\rReturned",
    ];
    const ids: number[] = [];
    for (const [i, formula] of formulas.entries()) {
      const user = await createUser(ctx, "client", `formula${i}`);
      await ctx.database.db.update(users).set({ firstName: formula }).where(eq(users.id, user.id));
      ids.push(user.id);
    }
    await ctx.database.db.update(quoteRequests).set({ title: formulas[0] }).where(eq(quoteRequests.id, secondRequest));

    const people = csvOf(await get(admin, `${EXPORT_PATHS.adminUsers}?q=formula`), "users");
    expect(people.map((r) => r.first_name).reverse()).toEqual(formulas.map((f) => `'${f}`));
    const leads = csvOf(await get(b, EXPORT_PATHS.leads), "leads");
    expect(leads.find((r) => Number(r.request_id) === secondRequest)?.title).toBe(`'${formulas[0]}`);
    const requests = csvOf(await get(admin, `${EXPORT_PATHS.adminRequests}?q=hyperlink`), "requests");
    expect(requests.map((r) => r.title)).toEqual([`'${formulas[0]}`]);
    // Values of the app's own (ids, amounts, dates) are untouched.
    expect(people.every((r) => /^\d+$/.test(r.user_id ?? ""))).toBe(true);
  });
});

describe("an export longer than one batch (500 rows)", () => {
  it("holds every row once, in the list's order: 1,200 leads created in the same instant", async () => {
    const bulk = await createTopProvider(ctx);
    // 1,200 requests and a lead of each for one provider, in two statements: one timestamp for all, so
    // that the order and the batches rest on the ids alone.
    await ctx.database.db.execute(sql`
      insert into quote_requests (client_id, title, description, industry, automation_types, budget_range, timeline, requirements, status, match_due_at, is_complex)
      select client_id, 'Bulk ' || g, description, industry, automation_types, budget_range, timeline, requirements, 'matched', match_due_at, is_complex
      from quote_requests, generate_series(1, 1200) g
      where id = ${firstRequest}`);
    await ctx.database.db.execute(sql`
      insert into leads (quote_request_id, company_id, match_score, score_parts, created_at)
      select id, ${bulk.companyId}, 50, '[]'::jsonb, now() from quote_requests where title like 'Bulk %'`);

    const rows = csvOf(await get(bulk, EXPORT_PATHS.leads), "leads");
    expect(rows).toHaveLength(1200);
    const ids = rows.map((r) => Number(r.lead_id));
    expect(new Set(ids).size).toBe(1200);
    expect(ids).toEqual([...ids].sort((x, y) => y - x));
    expect(new Set(rows.map((r) => r.title)).size).toBe(1200);

    // The admin's list pages by id: the same 1,200 requests, each once, newest first.
    const requests = csvOf(await get(admin, `${EXPORT_PATHS.adminRequests}?q=bulk&status=active`), "requests");
    expect(requests).toHaveLength(1200);
    const requestIds = requests.map((r) => Number(r.request_id));
    expect(new Set(requestIds).size).toBe(1200);
    expect(requestIds).toEqual([...requestIds].sort((x, y) => y - x));
  });
});

describe("the stream", () => {
  it("reads a batch only when the reader wants more rows, and none after the reader stops", async () => {
    const cursors: (string | undefined)[] = [];
    const text = "x".repeat(100);
    // An endless list of rows of about 100 bytes: only the reader's pace decides how much of it is read.
    const rows = await everyRow(async (cursor) => {
      cursors.push(cursor);
      const from = Number(cursor ?? 0);
      const items = Array.from({ length: EXPORT_BATCH_SIZE }, (_, i) => ({ id: from + i + 1, text }));
      return { items, nextCursor: String(from + EXPORT_BATCH_SIZE) };
    });
    expect(cursors).toEqual([undefined]);
    const csv = csvStream(
      [
        { header: "id", cell: (r: { id: number }) => r.id },
        { header: "text", cell: (r: { text: string }) => r.text },
      ],
      rows,
    );
    let lines = 0;
    for await (const chunk of csv) {
      lines += String(chunk).split("\n").length - 1;
      if (lines > 3 * EXPORT_BATCH_SIZE) break;
    }
    // What the streams hold between the database and the reader is a few batches, not the list.
    const read = cursors.length;
    expect(read).toBeLessThan(10);
    // Leaving the loop destroyed the stream: the generator was ended, and no batch is read after that.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(cursors.length).toBe(read);
  });
});

it("has no HEAD twin, which would read the whole file on the server for its headers alone", async () => {
  for (const path of Object.values(EXPORT_PATHS)) {
    expect((await ctx.app.inject({ method: "HEAD", url: path })).statusCode, path).toBe(404);
  }
});
