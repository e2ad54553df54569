// Responses written by compiled serializers (decision 122): each route's zod response schema becomes a
// JSON Schema once, at start-up (z.toJSONSchema, io "output"), which fast-json-stringify compiles on the
// route's first answer into a function writing exactly the schema's properties, and ajv into a check
// that the answer has the schema's types. fast-json-stringify alone coerces (null becomes "", "no" becomes true): the check
// keeps an answer that does not match its schema a 500, as zod's parse made it, never wrong data.
import { Ajv, type ValidateFunction } from "ajv";
import fastJsonStringify from "fast-json-stringify";
import type { FastifySerializerCompiler } from "fastify/types/schema";
import { ResponseSerializationError, serializerCompiler as zodSerializerCompiler } from "fastify-type-provider-zod";
import { z } from "zod";

type JsonSchema = Record<string, unknown>;

// Types only: formats and lengths were the handler's to get right, and zod's output schemas do not
// leave open what a property's type is.
const ajv = new Ajv({ strict: false, validateFormats: false, allErrors: false, coerceTypes: false });

/**
 * The schema with every `additionalProperties: false` left out. Extra properties are not an error (zod
 * stripped them): fast-json-stringify writes only the properties a schema names, and with the keyword
 * it would refuse an object with more in a union's branch.
 */
function openObjects(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(openObjects);
  if (schema === null || typeof schema !== "object") return schema;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === "additionalProperties" && value === false) continue;
    out[key] = openObjects(value);
  }
  return out;
}

/**
 * What was made of each response schema, kept for as long as the schema lives: the schemas are module
 * constants, so an app built again in the same process (each API test file builds its own) reuses the
 * JSON Schema and the compiled code instead of making them again. One app a process (production) makes
 * each once either way.
 */
const made = new WeakMap<z.ZodType, { json: JsonSchema | null; code?: Checked }>();
type Checked = { stringify: (data: unknown) => string; valid: ValidateFunction };

/** The JSON Schema of what a route answers, or null when zod cannot write one (transforms, dates, ...). */
export function responseJsonSchema(schema: z.ZodType): JsonSchema | null {
  const known = made.get(schema);
  if (known) return known.json;
  const json = writeJsonSchema(schema);
  made.set(schema, { json });
  return json;
}

function writeJsonSchema(schema: z.ZodType): JsonSchema | null {
  try {
    const json = z.toJSONSchema(schema, { io: "output", target: "draft-07", unrepresentable: "throw" }) as JsonSchema;
    delete json.$schema;
    return json;
  } catch {
    return null;
  }
}

/** Routes whose response schema has no JSON Schema and keep zod's serializer: `METHOD url status`. */
export const zodSerializedResponses: string[] = [];

/**
 * Fastify's serializer compiler for zod response schemas: fast-json-stringify behind an ajv check of
 * the types. A schema with no JSON Schema keeps fastify-type-provider-zod's serializer, which parses
 * every answer with zod.
 */
export const serializerCompiler: FastifySerializerCompiler<unknown> = (route) => {
  const { schema, method, url, httpStatus } = route;
  const json = schema instanceof z.ZodType ? responseJsonSchema(schema) : null;
  if (json === null || !(schema instanceof z.ZodType)) {
    zodSerializedResponses.push(`${method} ${url} ${httpStatus}`);
    return zodSerializerCompiler(route as Parameters<typeof zodSerializerCompiler>[0]);
  }
  // Compiled on the route's first answer rather than at start-up: ajv's and fast-json-stringify's code
  // generation for some 600 route answers took most of a second of every start (each API test file
  // starts the app), and most of them are never answered in a given process.
  let compiled: ((data: unknown) => string) | null = null;
  return (data: unknown) => {
    compiled ??= checkedSerializer(compiledCode(schema, json), method, url);
    return compiled(data);
  };
};

/** The schema's compiled writer and check, made on first use and then shared by every route and app with the schema. */
function compiledCode(schema: z.ZodType, json: JsonSchema): Checked {
  const entry = made.get(schema) ?? { json };
  entry.code ??= compileCode(json);
  made.set(schema, entry);
  return entry.code;
}

function compileCode(json: JsonSchema): Checked {
  const open = openObjects(json) as JsonSchema;
  return { stringify: fastJsonStringify(open), valid: ajv.compile(open) };
}

/** The serializer of one route's answer: writes `json`'s properties after checking their types. */
export function compileSerializer(json: JsonSchema, method: string, url: string): (data: unknown) => string {
  return checkedSerializer(compileCode(json), method, url);
}

function checkedSerializer({ stringify, valid }: Checked, method: string, url: string): (data: unknown) => string {
  return (data: unknown) => {
    if (!valid(data)) {
      // The error zod's serializer throws, with ajv's findings: the error handler answers it with a 500.
      const issues = (valid.errors ?? []).map((e) => ({
        code: "custom" as const,
        message: `${e.instancePath || "/"} ${e.message ?? "is invalid"}`,
        path: e.instancePath.split("/").slice(1),
        input: undefined,
      }));
      throw new ResponseSerializationError(method, url, { cause: new z.ZodError(issues) });
    }
    return stringify(data);
  };
}
