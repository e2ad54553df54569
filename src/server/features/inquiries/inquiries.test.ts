import { describe, expect, it } from "vitest";
import { preQualificationBudgetOptions } from "@/shared/inquiry-options";
import { sharedTestContext } from "../../test/shared-context";
import { as, createUser, startNewWindow } from "../../test/test-app";
import { PUBLIC_FORM_LIMIT } from "./service";

const ctx = sharedTestContext();

let ipSeq = 0;
/** Each test gets its own address, so that the per-address limit of one test does not touch another. */
const freshIp = () => `10.20.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`;

const validInquiry = (over: Record<string, unknown> = {}) => ({
  source: "landing",
  name: "Jane Doe",
  email: `jane${ipSeq}-${Math.random()}@example.com`,
  company: "Acme Corp",
  processDescription: "We re-key 300 invoices a week from PDFs into SAP.",
  budgetEstimate: "10k-50k",
  talkToConsultant: true,
  ...over,
});
const validApplication = (over: Record<string, unknown> = {}) => ({
  name: "Vic Vendor",
  email: `vic-${Math.random()}@example.com`,
  company: "Bots Ltd",
  specialties: ["RPA", "API Development"],
  message: "Ten years of UiPath.",
  ...over,
});

const post = (url: string, payload: unknown, ip = freshIp()) =>
  ctx.app.inject({ method: "POST", url, payload: payload as Record<string, unknown>, remoteAddress: ip });

async function countRows(table: "inquiries" | "vendor_applications"): Promise<number> {
  const admin = await createUser(ctx, "admin");
  const url = table === "inquiries" ? "/api/admin/inquiries" : "/api/admin/vendor-applications";
  return (await as(ctx, admin, { method: "GET", url })).json().total;
}

describe("POST /api/leads (inquiries)", () => {
  it("stores a landing inquiry and a pre-qualification inquiry, each with its source", async () => {
    const before = await countRows("inquiries");
    expect((await post("/api/leads", validInquiry())).statusCode).toBe(201);
    const pre = validInquiry({ source: "pre-qualification", budgetEstimate: "100k-250k", talkToConsultant: false });
    const res = await post("/api/leads", pre);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ received: true });
    expect(await countRows("inquiries")).toBe(before + 2);
    const admin = await createUser(ctx, "admin");
    const list = await as(ctx, admin, { method: "GET", url: "/api/admin/inquiries?source=pre-qualification" });
    expect(list.json().items[0]).toMatchObject({
      source: "pre-qualification",
      email: pre.email,
      budgetEstimate: "100k-250k",
    });
    expect(list.json().items[0]).not.toHaveProperty("contentHash");
  });

  it("takes either form's budget values from a client that names no source, and files each under its form", async () => {
    const admin = await createUser(ctx, "admin");
    // Every value of the pre-qualification form, then one only the landing form offers.
    for (const budgetEstimate of [...preQualificationBudgetOptions.map((o) => o.value), "under-10k"]) {
      const { source: _s, ...body } = validInquiry({ budgetEstimate });
      const res = await post("/api/leads", body);
      expect(res.statusCode, `${budgetEstimate}: ${res.body}`).toBe(201);
      const newest = (await as(ctx, admin, { method: "GET", url: "/api/admin/inquiries" })).json().items[0];
      // Values only the pre-qualification form offers mean that form; shared and landing values, the landing form.
      const only = ["under-25k", "25k-50k", "100k-250k", "250k-500k"].includes(budgetEstimate);
      expect(newest, budgetEstimate).toMatchObject({
        email: body.email,
        budgetEstimate,
        source: only ? "pre-qualification" : "landing",
      });
    }
  });

  it("accepts an inquiry without the optional fields", async () => {
    const { budgetEstimate: _b, talkToConsultant: _t, ...minimal } = validInquiry();
    expect((await post("/api/leads", minimal)).statusCode).toBe(201);
  });

  it.each(["name", "email", "company", "processDescription"])(
    "answers 400 naming %s when it is missing",
    async (field) => {
      const body: Record<string, unknown> = validInquiry();
      delete body[field];
      const res = await post("/api/leads", body);
      expect(res.statusCode).toBe(400);
      expect(res.json().issues.map((i: { field: string }) => i.field)).toEqual([field]);
    },
  );

  it.each([
    ["a bad email", { email: "not-an-email" }, "email"],
    ["a blank name", { name: "   " }, "name"],
    ["another form's budget option", { budgetEstimate: "under-25k" }, "budgetEstimate"],
    ["an unknown budget option", { source: "pre-qualification", budgetEstimate: "10k-50k" }, "budgetEstimate"],
    ["an oversized description", { processDescription: "x".repeat(5001) }, "processDescription"],
    ["an oversized name", { name: "x".repeat(201) }, "name"],
    ["an unknown source", { source: "carrier-pigeon" }, "source"],
  ])("answers 400 for %s", async (_label, over, field) => {
    const before = await countRows("inquiries");
    const res = await post("/api/leads", validInquiry(over));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(field);
    expect(await countRows("inquiries")).toBe(before);
  });

  it("refuses a body over the size limit with 413 and a message", async () => {
    const res = await post("/api/leads", validInquiry({ processDescription: "x".repeat(200_000) }));
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toMatch(/too large/);
  });

  it("answers a filled honeypot as success and stores nothing", async () => {
    const before = await countRows("inquiries");
    const res = await post("/api/leads", validInquiry({ leaveBlank: "http://spam.example" }));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ received: true });
    expect(await countRows("inquiries")).toBe(before);
  });

  it("answers a duplicate within minutes as success without a second row, even when racing", async () => {
    const before = await countRows("inquiries");
    const body = validInquiry();
    const ip = freshIp();
    const results = await Promise.all([
      post("/api/leads", body, ip),
      post("/api/leads", body, ip),
      post("/api/leads", body, ip),
    ]);
    for (const r of results) expect(r.statusCode).toBe(201);
    expect(await countRows("inquiries")).toBe(before + 1);
    // A different description is a new inquiry.
    expect((await post("/api/leads", { ...body, processDescription: "Something else entirely." }, ip)).statusCode).toBe(
      201,
    );
    expect(await countRows("inquiries")).toBe(before + 2);
  });

  it("limits one address with a clear 429, and other addresses are unaffected", async () => {
    const ip = freshIp();
    startNewWindow(ctx, PUBLIC_FORM_LIMIT.windowMs);
    for (let i = 0; i < PUBLIC_FORM_LIMIT.max; i++) {
      expect((await post("/api/leads", validInquiry(), ip)).statusCode).toBe(201);
    }
    const limited = await post("/api/leads", validInquiry(), ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe(PUBLIC_FORM_LIMIT.message);
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
    expect((await post("/api/vendor-applications", validApplication(), ip)).statusCode).toBe(429);
    expect((await post("/api/leads", validInquiry())).statusCode).toBe(201);
  });
});

describe("POST /api/vendor-applications", () => {
  it("stores an application", async () => {
    const before = await countRows("vendor_applications");
    const app = validApplication();
    expect((await post("/api/vendor-applications", app)).statusCode).toBe(201);
    const admin = await createUser(ctx, "admin");
    const list = (await as(ctx, admin, { method: "GET", url: "/api/admin/vendor-applications" })).json();
    expect(list.total).toBe(before + 1);
    expect(list.items[0]).toMatchObject({ email: app.email, specialties: ["RPA", "API Development"] });
  });

  it.each([
    ["no specialties", { specialties: [] }, "specialties"],
    ["an unknown specialty", { specialties: ["Telepathy"] }, "specialties.0"],
    ["a missing company", { company: undefined }, "company"],
    ["a bad email", { email: "x@" }, "email"],
    ["an oversized message", { message: "m".repeat(5001) }, "message"],
  ])("answers 400 for %s and stores nothing", async (_label, over, field) => {
    const before = await countRows("vendor_applications");
    const res = await post("/api/vendor-applications", validApplication(over));
    expect(res.statusCode).toBe(400);
    expect(res.json().issues.map((i: { field: string }) => i.field)).toContain(field);
    expect(await countRows("vendor_applications")).toBe(before);
  });

  it("treats the honeypot and duplicates like the inquiry form", async () => {
    const before = await countRows("vendor_applications");
    expect((await post("/api/vendor-applications", validApplication({ leaveBlank: "x" }))).statusCode).toBe(201);
    const app = validApplication();
    expect((await post("/api/vendor-applications", app)).statusCode).toBe(201);
    expect((await post("/api/vendor-applications", app)).statusCode).toBe(201);
    expect(await countRows("vendor_applications")).toBe(before + 1);
  });
});

describe("admin lists", () => {
  it("answers 401 to visitors and 403 to clients and providers", async () => {
    for (const url of ["/api/admin/inquiries", "/api/admin/vendor-applications"]) {
      expect((await ctx.app.inject({ method: "GET", url })).statusCode).toBe(401);
      for (const role of ["client", "provider"] as const) {
        const user = await createUser(ctx, role);
        expect((await as(ctx, user, { method: "GET", url })).statusCode).toBe(403);
      }
    }
  });

  it("pages newest first and rejects bad paging values with 400", async () => {
    const ip = freshIp();
    for (let i = 0; i < 3; i++) await post("/api/leads", validInquiry({ name: `Pager ${i}` }), ip);
    const admin = await createUser(ctx, "admin");
    const page1 = (await as(ctx, admin, { method: "GET", url: "/api/admin/inquiries?page=1&pageSize=2" })).json();
    expect(page1.items).toHaveLength(2);
    expect(page1.items[0].name).toBe("Pager 2");
    expect(page1.totalPages).toBe(Math.ceil(page1.total / 2));
    const page2 = (await as(ctx, admin, { method: "GET", url: "/api/admin/inquiries?page=2&pageSize=2" })).json();
    expect(page2.items[0].id).not.toBe(page1.items[0].id);
    expect((await as(ctx, admin, { method: "GET", url: "/api/admin/inquiries?pageSize=1000" })).statusCode).toBe(400);
    expect((await as(ctx, admin, { method: "GET", url: "/api/admin/inquiries?page=0" })).statusCode).toBe(400);
  });
});
