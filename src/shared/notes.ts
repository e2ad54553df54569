// The optional note a person may add to a choice (declining a lead, reporting a message, dismissing a report).
import { z } from "zod";

/** Trimmed, at most `max` characters, and may be left out. */
export const optionalNote = (max: number) =>
  z.string().trim().max(max, `The note must be at most ${max} characters.`).optional();
