// Row ids as requests carry them (in a path or a body), checked the same way everywhere.
import { z } from "zod";

/** The largest value of a PostgreSQL integer column: a larger number names no row. */
export const ID_MAX = 2_147_483_647;

/** One message for every way an id is wrong, naming what it should be: "must be a review id (…)". */
const idMessage = (what: string) => `must be ${what} (a positive whole number)`;

/** An id in a path (`/api/reviews/{id}`), coerced from its text. */
export function idParam(what: string) {
  const message = idMessage(what);
  return z.coerce.number({ error: message }).int(message).positive(message).max(ID_MAX, message);
}

/** The `{ id }` of a path like `/api/reviews/{id}`. */
export const idParams = (what: string) => z.object({ id: idParam(what) });

/** An id in a JSON body: a number already, nothing is coerced. */
export function idField(what: string) {
  const message = idMessage(what);
  return z.number({ error: message }).int(message).positive(message).max(ID_MAX, message);
}
