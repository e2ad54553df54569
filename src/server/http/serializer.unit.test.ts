import Fastify from "fastify";
import { isResponseSerializationError, validatorCompiler } from "fastify-type-provider-zod";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { serializerCompiler, zodSerializedResponses } from "./serializer";

const app = Fastify();
let answer: unknown;

const item = z.object({
  id: z.number().int(),
  name: z.string(),
  createdAt: z.string(),
  note: z.string().nullable(),
  nickname: z.string().optional(),
  status: z.enum(["open", "closed"]),
  volume: z.union([z.object({ count: z.number(), per: z.enum(["day", "week"]) }), z.string()]),
  tags: z.record(z.string(), z.number()),
});

beforeAll(async () => {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler((error, _request, reply) => {
    if (isResponseSerializationError(error)) return reply.code(500).send({ message: "did not match" });
    return reply.code(500).send({ message: "other" });
  });
  app.get("/item", { schema: { response: { 200: item } } }, async () => answer);
  app.get("/items", { schema: { response: { 200: z.array(item) } } }, async () => answer);
  app.get("/dated", { schema: { response: { 200: z.object({ at: z.date() }) } } }, async () => answer);
  await app.ready();
});
afterAll(async () => {
  await app.close();
});

const get = async (url: string, data: unknown) => {
  answer = data;
  const res = await app.inject({ method: "GET", url });
  return { status: res.statusCode, body: res.body };
};

const good = {
  id: 7,
  name: 'Quote "A" \u2028 ünïcode',
  createdAt: "2026-11-25T10:00:00.000Z",
  note: null,
  status: "open",
  volume: { count: 40, per: "week" },
  tags: { rpa: 1, ocr: 2 },
};

describe("compiled response serializers", () => {
  it("writes the schema's properties as JSON.stringify would, nulls kept and absent optionals left out", async () => {
    const res = await get("/item", good);
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body)).toEqual(good);
    expect(res.body).not.toContain("nickname");
    expect(JSON.parse((await get("/item", { ...good, nickname: "Al", volume: "about 40 a week" })).body)).toEqual({
      ...good,
      nickname: "Al",
      volume: "about 40 a week",
    });
  });

  it("leaves out properties the schema does not have, at every depth", async () => {
    const leaky = { ...good, passwordHash: "scrypt$secret", volume: { count: 1, per: "day", internal: true } };
    const res = await get("/items", [leaky, leaky]);
    expect(res.status).toBe(200);
    expect(res.body).not.toContain("passwordHash");
    expect(res.body).not.toContain("internal");
    expect(JSON.parse(res.body)).toEqual([
      { ...good, volume: { count: 1, per: "day" } },
      { ...good, volume: { count: 1, per: "day" } },
    ]);
  });

  it("answers 500 for data that does not match its schema, as zod's parse did, instead of coercing it", async () => {
    // fast-json-stringify alone would write "" for the null, true for the string, "7" for the number.
    for (const wrong of [
      { ...good, name: null },
      { ...good, id: "7" },
      { ...good, note: 5 },
      { ...good, status: "deleted" },
      { ...good, createdAt: new Date("2026-11-25T10:00:00Z") },
      { ...good, tags: { rpa: "one" } },
      { ...good, volume: 40 },
      { id: 7 },
    ]) {
      const res = await get("/item", wrong);
      expect(res.status, JSON.stringify(wrong)).toBe(500);
      expect(res.body).toBe('{"message":"did not match"}');
    }
  });

  it("keeps zod's serializer for a schema JSON Schema cannot describe: a Date is written as its ISO string", async () => {
    expect(zodSerializedResponses).toEqual(["GET /dated 200", "HEAD /dated 200"]);
    const at = new Date("2026-11-25T10:00:00.123Z");
    expect(await get("/dated", { at, extra: 1 })).toEqual({ status: 200, body: '{"at":"2026-11-25T10:00:00.123Z"}' });
    expect((await get("/dated", { at: "yesterday" })).status).toBe(500);
  });
});
