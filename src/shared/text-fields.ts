// Free-text fields of the forms, trimmed, with the spec's wording for each way they are wrong.
import { z } from "zod";

/**
 * A required text of `min` to `max` characters, its messages named by its label: "Location is required"
 * (min 1), "Review must be at least 20 characters", "Review must be at most 2000 characters".
 */
export function boundedText(label: string, { min = 1, max }: { min?: number; max: number }) {
  const tooShort = min === 1 ? `${label} is required` : `${label} must be at least ${min} characters`;
  return z.string({ error: tooShort }).trim().min(min, tooShort).max(max, `${label} must be at most ${max} characters`);
}

/** The optional note a person may add to a choice (declining a lead, reporting a message, dismissing a report). */
export const optionalNote = (max: number) =>
  z.string().trim().max(max, `The note must be at most ${max} characters.`).optional();

/**
 * A reason chosen from a list, with the optional note (declining a lead, reporting a message): `{ reason, note }`.
 * Without a reason from the list: "Choose why you are declining this lead." (`doing`: "declining this lead").
 */
export const reasonWithNote = <const T extends readonly [string, ...string[]]>(
  reasons: T,
  doing: string,
  noteMax: number,
) => z.object({ reason: z.enum(reasons, { error: `Choose why you are ${doing}.` }), note: optionalNote(noteMax) });
