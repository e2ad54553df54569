// The error answers a route declares (its response schemas): a message a person can act on, and for a
// 400 the fields that were wrong. One definition, so that every feature answers errors alike.
import { z } from "zod";

/** An answer that is only a sentence: every error, and the 202s that say what happens next. */
export const messageOnlySchema = z.object({ message: z.string() });

export const badRequestSchema = messageOnlySchema.extend({
  issues: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
});

/** What a signed-in route that may refuse, miss or conflict answers on error. */
export const errorResponses = {
  400: badRequestSchema,
  401: messageOnlySchema,
  403: messageOnlySchema,
  404: messageOnlySchema,
  409: messageOnlySchema,
};
