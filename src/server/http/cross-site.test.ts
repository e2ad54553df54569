// Cross-site request forgery (decision 100): what another site's page can make a browser send (a form
// post as text/plain, urlencoded or multipart, or a bodyless fetch) is refused; the site's own pages
// and clients that are not browsers make the spec's bodyless calls without any custom header.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { alerts } from "../db/schema/alerts";
import { companies } from "../db/schema/companies";
import { raiseAlert } from "../features/alerts/service";
import { createProvider } from "../test/fixtures";
import { sharedTestContext } from "../test/shared-context";
import { as, createUser, FROM_ANOTHER_SITE, type TestUser } from "../test/test-app";
import { CROSS_SITE_MESSAGE, isSameSiteOrNotBrowser } from "./cross-site";

const ctx = sharedTestContext({ PUBLIC_URL: "https://automatch.example" });
let admin: TestUser;
let publicUrl: string;
beforeAll(async () => {
  admin = await createUser(ctx, "admin");
  publicUrl = ctx.config.publicUrl;
});

const FROM_OUR_PAGES = { "sec-fetch-site": "same-origin", origin: "https://automatch.example" };

/** The bodies a cross-site HTML form (or a no-cors fetch) can send without a preflight. */
const FORM_BODIES: { name: string; headers: Record<string, string>; payload?: string }[] = [
  { name: "text/plain", headers: { "content-type": "text/plain" }, payload: '{"x":1}' },
  { name: "urlencoded", headers: { "content-type": "application/x-www-form-urlencoded" }, payload: "a=b" },
  {
    name: "multipart",
    headers: { "content-type": "multipart/form-data; boundary=X" },
    payload: '--X\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--X--\r\n',
  },
  { name: "bodyless", headers: {} },
];

async function pendingCompanyId(): Promise<number> {
  return (await createProvider(ctx, { companyStatus: "pending", subscription: null })).companyId;
}

async function companyStatus(id: number) {
  return (await ctx.database.db.select().from(companies).where(eq(companies.id, id)))[0]?.status;
}

describe("a state change another site's page makes the browser send", () => {
  it.each(FORM_BODIES)("is refused as a $name post, and nothing changes", async ({ headers, payload }) => {
    const id = await pendingCompanyId();
    const res = await as(ctx, admin, {
      method: "PATCH",
      url: `/api/admin/providers/${id}/approve`,
      headers: { ...FROM_ANOTHER_SITE, ...headers },
      ...(payload === undefined ? {} : { payload }),
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(CROSS_SITE_MESSAGE);
    expect(await companyStatus(id)).toBe("pending");
  });

  it("is refused from a sibling subdomain (same-site is not same-origin) and signs nobody out", async () => {
    const user = await createUser(ctx, "client");
    const out = await as(ctx, user, {
      method: "POST",
      url: "/api/auth/sign-out",
      headers: { "sec-fetch-site": "same-site", origin: "https://blog.automatch.example" },
    });
    expect(out.statusCode).toBe(403);
    expect((await as(ctx, user, { method: "GET", url: "/api/auth/user" })).statusCode).toBe(200);
  });

  it("is refused by its Origin from a browser that sends no Fetch Metadata, an opaque origin included", async () => {
    const id = await pendingCompanyId();
    for (const origin of ["https://evil.example", "null", "http://automatch.example"]) {
      const res = await as(ctx, admin, {
        method: "PATCH",
        url: `/api/admin/providers/${id}/approve`,
        headers: { origin },
      });
      expect(res.statusCode, origin).toBe(403);
    }
    expect(await companyStatus(id)).toBe("pending");
  });

  it("is refused whatever the address's spelling, and on the provider's webhook settings", async () => {
    const provider = await createProvider(ctx);
    // "/%61pi/..." is the router's "/api/...": the check reads the route reached, not the raw address.
    const encoded = await as(ctx, admin, {
      method: "PATCH",
      url: `/%61pi/admin/providers/${await pendingCompanyId()}/approve`,
      headers: FROM_ANOTHER_SITE,
    });
    expect(encoded.statusCode).toBe(403);
    // Only the payment processor's webhook is exempt, not the providers' own endpoints.
    const endpoint = await as(ctx, provider, {
      method: "POST",
      url: "/api/webhooks/endpoints",
      headers: FROM_ANOTHER_SITE,
      payload: { url: "https://93.184.215.14/hooks", events: ["lead.delivered"] },
    });
    expect(endpoint.statusCode).toBe(403);
    expect(endpoint.json().message).toBe(CROSS_SITE_MESSAGE);
  });

  it("may still read: a cross-site GET is not a state change", async () => {
    const res = await as(ctx, admin, { method: "GET", url: "/api/admin/stats", headers: FROM_ANOTHER_SITE });
    expect(res.statusCode).toBe(200);
  });
});

describe("the spec's bodyless calls, as its client sends them", () => {
  it("approve a provider from the site's own page, without a custom header or a content type", async () => {
    const id = await pendingCompanyId();
    const res = await as(ctx, admin, {
      method: "PATCH",
      url: `/api/admin/providers/${id}/approve`,
      headers: FROM_OUR_PAGES,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await companyStatus(id)).toBe("approved");
  });

  it("resolve an alert from a page whose browser sends only Origin (no Fetch Metadata)", async () => {
    await raiseAlert(ctx.database.db, {
      type: "test_alert",
      severity: "low",
      title: "Cross-site test",
      description: "Raised by a test.",
      resourceType: "quote_request",
      resourceId: 1,
      cause: "test:cross-site",
    });
    const [alert] = await ctx.database.db.select().from(alerts).where(eq(alerts.cause, "test:cross-site"));
    const res = await as(ctx, admin, {
      method: "PATCH",
      url: `/api/admin/alerts/${alert?.id}/resolve`,
      headers: { origin: "https://automatch.example" },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().isResolved).toBe(true);
  });

  it("start a subscription from a client that is not a browser (no Fetch Metadata, no Origin)", async () => {
    const provider = await createProvider(ctx, { subscription: null });
    const res = await as(ctx, provider, { method: "POST", url: "/api/create-subscription" });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().clientSecret).toBeTruthy();
  });

  it("a user typing the address or following a bookmark (Sec-Fetch-Site: none) is the user's own action", async () => {
    const user = await createUser(ctx, "client");
    const out = await as(ctx, user, {
      method: "POST",
      url: "/api/auth/sign-out",
      headers: { "sec-fetch-site": "none" },
    });
    expect(out.statusCode).toBe(204);
  });

  it("a JSON body is read whatever the case of its content type", async () => {
    const user = await createUser(ctx, "client");
    const res = await as(ctx, user, {
      method: "PATCH",
      url: "/api/auth/profile",
      headers: { ...FROM_OUR_PAGES, "content-type": "Application/JSON; Charset=UTF-8" },
      payload: JSON.stringify({ firstName: "Casey", lastName: "Client" }),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().firstName).toBe("Casey");
  });
});

describe("isSameSiteOrNotBrowser", () => {
  const base = { url: "/api/x", ownOrigins: ["https://automatch.example"] };
  it("lets reads, pages and the payment processor's webhooks through whatever the headers say", () => {
    const cross = { secFetchSite: "cross-site", origin: "https://evil.example" };
    expect(isSameSiteOrNotBrowser({ ...base, ...cross, method: "GET" })).toBe(true);
    expect(isSameSiteOrNotBrowser({ ...base, ...cross, method: "POST", url: "/login" })).toBe(true);
    expect(isSameSiteOrNotBrowser({ ...base, ...cross, method: "POST", url: "/api/webhooks/stripe" })).toBe(true);
    expect(isSameSiteOrNotBrowser({ ...base, ...cross, method: "POST", url: "/api/webhooks/endpoints" })).toBe(false);
    expect(isSameSiteOrNotBrowser({ ...base, ...cross, method: "delete" })).toBe(false);
  });

  it("trusts Fetch Metadata over Origin, and compares both without regard to case", () => {
    const check = (secFetchSite: string | undefined, origin: string | undefined) =>
      isSameSiteOrNotBrowser({ ...base, method: "POST", secFetchSite, origin });
    expect(check("Same-Origin", "https://evil.example")).toBe(true);
    expect(check("cross-site", "https://automatch.example")).toBe(false);
    expect(check(undefined, "HTTPS://AUTOMATCH.EXAMPLE")).toBe(true);
    expect(check(undefined, "https://automatch.example:8443")).toBe(false);
    expect(check(undefined, undefined)).toBe(true);
  });

  it("counts the origin the request was addressed to as the site's own", () => {
    expect(publicUrl).toBe("https://automatch.example");
    expect(
      isSameSiteOrNotBrowser({
        method: "POST",
        url: "/api/x",
        secFetchSite: undefined,
        origin: "http://localhost:5173",
        ownOrigins: ["https://automatch.example", "http://localhost:5173"],
      }),
    ).toBe(true);
  });
});
