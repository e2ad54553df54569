// Text PostgreSQL cannot store (the NUL character) is refused with a 400 naming its field, on every
// route that takes a body, before any service runs: never a failed insert answered with 500.
import { beforeAll, describe, expect, it } from "vitest";
import { quoteRequestBody } from "../test/fixtures";
import { sharedTestContext } from "../test/shared-context";
import { as, createUser, type TestUser } from "../test/test-app";
import { findUnstorableText } from "./unstorable-text";

const ctx = sharedTestContext({}, { jobs: false });
let client: TestUser;
beforeAll(async () => {
  client = await createUser(ctx, "client");
});

describe("findUnstorableText", () => {
  it("finds the path of the first string with a NUL, at any depth", () => {
    expect(findUnstorableText({ a: "fine", b: { c: ["x", "y\u0000z"] } })).toBe("b.c.1");
    expect(findUnstorableText({ a: "fine", n: 1, t: true, z: null })).toBeNull();
    expect(findUnstorableText("\u0000")).toBe("");
  });

  it("finds an unpaired surrogate, and lets a real pair (an emoji) through", () => {
    expect(findUnstorableText({ a: "Read invoices \ud800 by hand" })).toBe("a");
    expect(findUnstorableText({ a: "tail \udc00" })).toBe("a");
    expect(findUnstorableText({ a: "end \ud83d" })).toBe("a");
    expect(findUnstorableText({ a: "Invoices 🚀 done", b: "naïve café" })).toBeNull();
  });
});

describe("a NUL character in a body", () => {
  it("answers 400 naming the field on a public form, and stores nothing", async () => {
    const res = await ctx.app.inject({
      method: "POST",
      url: "/api/leads",
      payload: {
        name: "Ada\u0000",
        email: "ada@example.com",
        company: "Engines",
        processDescription: "We key invoices by hand.",
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toEqual([{ field: "name", message: expect.stringContaining("NUL character") }]);
    const admin = await createUser(ctx, "admin");
    const list = await as(ctx, admin, { method: "GET", url: "/api/admin/inquiries" });
    expect(list.statusCode).toBe(200);
    expect(list.json().items).toEqual([]);
  });

  it("answers 400 naming a nested field of a quote request, and stores nothing", async () => {
    const body = quoteRequestBody();
    const res = await as(ctx, client, {
      method: "POST",
      url: "/api/quote-requests",
      payload: {
        ...body,
        requirements: { ...body.requirements, tasksToAutomate: "Read\u0000 the invoice and key it." },
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^requirements\.tasksToAutomate: Remove the NUL character/);
    const mine = await as(ctx, client, { method: "GET", url: "/api/quote-requests/me" });
    expect(mine.json()).toEqual([]);
  });

  it("still answers a visitor 401 first, as for any other bad body", async () => {
    const body = quoteRequestBody();
    const res = await ctx.app.inject({
      method: "POST",
      url: "/api/quote-requests",
      payload: { ...body, description: "We key\u0000 invoices by hand into SAP." },
    });
    expect(res.statusCode).toBe(401);
  });

  it("answers 400 for an unpaired surrogate sent as a JSON escape, where jsonb would refuse it", async () => {
    const body = quoteRequestBody();
    const json = JSON.stringify({
      ...body,
      requirements: { ...body.requirements, tasksToAutomate: "Read invoices SURROGATE by hand." },
    }).replace("SURROGATE", "\\ud800");
    const res = await as(ctx, client, {
      method: "POST",
      url: "/api/quote-requests",
      headers: { "content-type": "application/json" },
      payload: json,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().issues[0].field).toBe("requirements.tasksToAutomate");
    const mine = await as(ctx, client, { method: "GET", url: "/api/quote-requests/me" });
    expect(mine.json()).toEqual([]);
  });
});
