// The error answers every admin route may give, as the other features declare them.
import { z } from "zod";

const messageSchema = z.object({ message: z.string() });

export const adminErrors = {
  400: messageSchema.extend({
    issues: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
  }),
  401: messageSchema,
  403: messageSchema,
  404: messageSchema,
  409: messageSchema,
};
