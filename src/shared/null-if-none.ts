import { z } from "zod";

// Decision 154: the app's own reads of "the signed-in user" and "my company" ask with `?nullIfNone=1`
// and get 200 with `null` where the spec's plain call answers 401 or 404. A browser logs every 4xx
// answer in its console; "nobody is signed in" and "no company yet" are ordinary answers, not errors.
// The spec's calls without the flag answer exactly as before.

export const NULL_IF_NONE = "nullIfNone=1";

export const nullIfNoneQuerySchema = z.object({ nullIfNone: z.literal("1").optional() });
