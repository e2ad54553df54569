import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../test/test-app";
import { zodSerializedResponses } from "./serializer";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

describe("the app's response serializers (decision 122)", () => {
  it("compiles every route's response schema, none left to zod's serializer", () => {
    expect(zodSerializedResponses).toEqual([]);
  });

  it("keeps the OpenAPI document's response schemas", async () => {
    const res = await ctx.app.inject({ method: "GET", url: "/api/docs/json" });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    const user = doc.paths["/api/auth/user"].get.responses["200"].content["application/json"].schema;
    expect(user.properties.email.type).toBe("string");
  });
});
