import { describe, expect, it } from "vitest";
import { z } from "zod";
import { sharedTestContext } from "../test/shared-context";
import { compileSerializer, responseJsonSchema, zodSerializedResponses } from "./serializer";

/** Every route's response schemas, by `METHOD url status`, as the routes declare them. */
const responses = new Map<string, unknown>();
const ctx = sharedTestContext(
  {},
  {
    onRoute: (route) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      const byStatus = (route.schema?.response ?? {}) as Record<string, unknown>;
      for (const method of methods) {
        for (const [status, schema] of Object.entries(byStatus))
          responses.set(`${method} ${route.url} ${status}`, schema);
      }
    },
  },
);

describe("the app's response serializers (decision 122)", () => {
  it("compiles every route's response schema, none left to zod's serializer", () => {
    expect(zodSerializedResponses).toEqual([]);
    // Serializers compile on a route's first answer: each is compiled here, so that a schema that
    // fast-json-stringify or ajv cannot compile fails this test rather than a user's first request.
    expect(responses.size).toBeGreaterThan(100);
    for (const [route, schema] of responses) {
      const json = schema instanceof z.ZodType ? responseJsonSchema(schema) : null;
      expect(json, route).not.toBeNull();
      if (json) expect(() => compileSerializer(json, route, route), route).not.toThrow();
    }
  });

  it("keeps the OpenAPI document's response schemas", async () => {
    const res = await ctx.app.inject({ method: "GET", url: "/api/docs/json" });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    const user = doc.paths["/api/auth/user"].get.responses["200"].content["application/json"].schema;
    expect(user.properties.email.type).toBe("string");
  });
});
