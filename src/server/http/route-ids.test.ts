// Every route with an id in its path, called with ids that name no row (issue 29): out of the integer
// column's range, zero, negative, fractional, not a number, and the largest id there can be. Whoever
// calls, the answer is a 4xx a person can act on (400: not an id; 404: no such row; 401 or 403: not
// theirs to ask), never a 500 from the database refusing the number.
import type { RouteOptions } from "fastify";
import { beforeAll, describe, expect, it } from "vitest";
import { ID_MAX } from "@/shared/ids";
import { createProvider } from "../test/fixtures";
import { sharedTestContext } from "../test/shared-context";
import { as, createUser, type TestUser } from "../test/test-app";

const declared: { method: string; url: string }[] = [];
const ctx = sharedTestContext(
  {},
  {
    onRoute: (route: RouteOptions) => {
      for (const method of [route.method].flat()) {
        if (method !== "HEAD" && /\/:[A-Za-z]*[iI]d\b/.test(route.url)) declared.push({ method, url: route.url });
      }
    },
  },
);

/** Valid bodies of the routes that check their body before they look the row up. */
const BODIES: Record<string, object> = {
  "PATCH /api/admin/users/:id/role": { userType: "client" },
  "PATCH /api/admin/users/:id/suspend": { reason: "Repeated spam in messages to providers." },
  "PATCH /api/admin/requests/:id/status": { status: "active" },
};

const NOT_IDS = [String(ID_MAX + 1), "99999999999999999999", "0", "-1", "1.5", "abc", "1e3"];
const NO_ROW = String(ID_MAX);

const callers: Record<string, TestUser | null> = {};
beforeAll(async () => {
  callers.anonymous = null;
  callers.client = await createUser(ctx, "client", "ids-client");
  callers.provider = await createProvider(ctx);
  callers.admin = await createUser(ctx, "admin", "ids-admin");
});

describe("ids that name no row", () => {
  it("finds the routes with an id in their path", () => {
    // The admin's users, requests, alerts and reports, and the product's own: far more than a handful.
    expect(declared.length).toBeGreaterThan(30);
    for (const route of Object.keys(BODIES)) expect(declared.map((r) => `${r.method} ${r.url}`)).toContain(route);
  });

  it("never answer a 5xx, whoever calls", async () => {
    const failures: string[] = [];
    for (const { method, url } of declared) {
      for (const [who, user] of Object.entries(callers)) {
        for (const id of [...NOT_IDS, NO_ROW]) {
          const path = url.replace(/:[A-Za-z]*[iI]d\b/g, encodeURIComponent(id));
          const res = await as(ctx, user, {
            method: method as "GET",
            url: path,
            ...(method === "GET" || method === "DELETE" ? {} : { payload: BODIES[`${method} ${url}`] ?? {} }),
          });
          const allowed = id === NO_ROW ? [400, 401, 403, 404, 409] : [400, 401, 403, 404];
          if (!allowed.includes(res.statusCode)) failures.push(`${who} ${method} ${path}: ${res.statusCode}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });
});
