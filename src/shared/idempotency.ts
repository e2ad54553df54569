// The Idempotency-Key header (IETF draft "The Idempotency-Key HTTP Header Field", as Stripe uses it):
// a client that may send the same state change twice (a retry after a lost answer) names it with one
// random key, and the server acts on it once (decision 110). Today POST /api/quote-requests takes one.
import { z } from "zod";

export const IDEMPOTENCY_KEY_HEADER = "Idempotency-Key";
/** Set on an answer that repeats the one given to an earlier request with the same key. */
export const IDEMPOTENT_REPLAYED_HEADER = "Idempotent-Replayed";
/** Room for a UUID, a ULID or a client's own prefix; Stripe allows 255 as well. */
export const IDEMPOTENCY_KEY_MAX = 255;

const KEY_HINT = "send a new random key, such as a UUID, for each submission";

/**
 * The header's value: the key as sent, or as the draft's quoted string (`"8e03…"`), unquoted. Visible
 * ASCII only, so that two header lines joined with ", " are refused rather than read as one key.
 */
export const idempotencyKeySchema = z
  .string()
  .transform((value) =>
    value.length >= 2 && value.startsWith('"') && value.endsWith('"') ? value.slice(1, -1) : value,
  )
  .pipe(
    z
      .string()
      .min(1, `Idempotency-Key is empty: ${KEY_HINT}.`)
      .max(IDEMPOTENCY_KEY_MAX, `Idempotency-Key is longer than ${IDEMPOTENCY_KEY_MAX} characters: ${KEY_HINT}.`)
      .regex(/^[!-~]+$/, `Idempotency-Key may hold only visible ASCII characters, no spaces: ${KEY_HINT}.`),
  );

/** The headers of a route that takes a key: the key is optional, every other header passes untouched. */
export const idempotencyHeadersSchema = z.looseObject({ "idempotency-key": idempotencyKeySchema.optional() });
