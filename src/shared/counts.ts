// The figures the dashboards read: a whole-number count per key (per status, per stage, per kind).
import { z } from "zod";

/** `countsOf(["open", "closed"])` reads `{ open: 3, closed: 1 }`: a whole number for each key, in that order. */
export function countsOf<const K extends string>(keys: readonly K[]) {
  return z.object(Object.fromEntries(keys.map((k) => [k, z.number().int()])) as { [P in K]: z.ZodNumber });
}
