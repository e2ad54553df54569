// How much work a process is: its volume (items per run, day, week or month) and the time each item
// takes. Structured so that the ROI estimate can be computed (decision 012); text a client wrote is
// read into that form where it reads unambiguously (decision 101).
import { z } from "zod";
import { MESSAGES, SHORT_TEXT_MAX, TIME_PER_TASK_MAX, VOLUME_MAX } from "./quote-request-limits";

// Structured volume and time per task, so that the ROI estimate can be computed (decision 012).
export const VOLUME_PERIODS = ["run", "day", "week", "month"] as const;
export type VolumePeriod = (typeof VOLUME_PERIODS)[number];
export const VOLUME_PERIOD_LABELS: Record<VolumePeriod, string> = {
  run: "each time it runs",
  day: "per working day",
  week: "per week",
  month: "per month",
};
export const TIME_UNITS = ["minutes", "hours"] as const;
export type TimeUnit = (typeof TIME_UNITS)[number];

export const volumeSchema = z.strictObject({
  quantity: z.number(MESSAGES.volume).int(MESSAGES.volume).min(1, MESSAGES.volume).max(VOLUME_MAX, MESSAGES.volume),
  per: z.enum(VOLUME_PERIODS, MESSAGES.volume),
});
export type Volume = z.infer<typeof volumeSchema>;

export const timePerTaskSchema = z.strictObject({
  value: z.number(MESSAGES.timePerTask).gt(0, MESSAGES.timePerTask).max(TIME_PER_TASK_MAX, MESSAGES.timePerTask),
  unit: z.enum(TIME_UNITS, MESSAGES.timePerTask),
});
export type TimePerTask = z.infer<typeof timePerTaskSchema>;

// The spec's wizard has volume and time per task as free text ("400 a week", "5 minutes"). The API
// takes either form; text that reads unambiguously becomes the structured form (and so an estimate),
// other text is kept as the client wrote it and yields no estimate (decision 101).
const VOLUME_TEXT_PERIODS: Record<string, VolumePeriod> = {
  run: "run",
  time: "run",
  batch: "run",
  day: "day",
  "working day": "day",
  "business day": "day",
  week: "week",
  month: "month",
  daily: "day",
  weekly: "week",
  monthly: "month",
};
const VOLUME_TEXT =
  /^(\d{1,3}(?:,\d{3})+|\d+)(?:\s+(?!(?:a|an|per|each|every)\b)([a-z]+))?(?:\s*(?:(?:a|an|per|each|every)\s+|\/\s*)(run|time|batch|day|working day|business day|week|month)|\s+(daily|weekly|monthly))?$/;

/** "400", "400 a week", "1,200 invoices per month", "50/day" → structured; anything else → undefined. */
export function parseVolumeText(text: string): Volume | undefined {
  const m = VOLUME_TEXT.exec(text.trim().toLowerCase().replace(/\s+/g, " "));
  if (!m?.[1]) return undefined;
  const period = m[3] ?? m[4];
  const parsed = volumeSchema.safeParse({
    quantity: Number(m[1].replaceAll(",", "")),
    per: period ? VOLUME_TEXT_PERIODS[period] : "run",
  });
  return parsed.success ? parsed.data : undefined;
}

const TIME_TEXT_UNITS: Record<string, { unit: TimeUnit; factor: number }> = {
  s: { unit: "minutes", factor: 1 / 60 },
  sec: { unit: "minutes", factor: 1 / 60 },
  secs: { unit: "minutes", factor: 1 / 60 },
  second: { unit: "minutes", factor: 1 / 60 },
  seconds: { unit: "minutes", factor: 1 / 60 },
  m: { unit: "minutes", factor: 1 },
  min: { unit: "minutes", factor: 1 },
  mins: { unit: "minutes", factor: 1 },
  minute: { unit: "minutes", factor: 1 },
  minutes: { unit: "minutes", factor: 1 },
  h: { unit: "hours", factor: 1 },
  hr: { unit: "hours", factor: 1 },
  hrs: { unit: "hours", factor: 1 },
  hour: { unit: "hours", factor: 1 },
  hours: { unit: "hours", factor: 1 },
};
const TIME_TEXT =
  /^(\d+(?:\.\d+)?)\s*(s|secs?|seconds?|m|mins?|minutes?|h|hrs?|hours?)(?:\s+(?:each|per (?:item|task)|an? (?:item|task)))?$/;

/** "5 minutes", "1.5 h", "90 seconds" → structured; a bare number (which unit?) or other text → undefined. */
export function parseTimePerTaskText(text: string): TimePerTask | undefined {
  const m = TIME_TEXT.exec(text.trim().toLowerCase().replace(/\s+/g, " "));
  const unit = m?.[2] ? TIME_TEXT_UNITS[m[2]] : undefined;
  if (!m?.[1] || !unit) return undefined;
  const value = Math.round(Number(m[1]) * unit.factor * 100) / 100;
  const parsed = timePerTaskSchema.safeParse({ value, unit: unit.unit });
  return parsed.success ? parsed.data : undefined;
}

/** Stored and read: the structured form, or the client's own words. */
export const volumeStoredSchema = z.union([volumeSchema, z.string()]);
export const timePerTaskStoredSchema = z.union([timePerTaskSchema, z.string()]);
const freeText = (message: string) =>
  z.string(message).trim().min(1, message).max(SHORT_TEXT_MAX, MESSAGES.shortTextMax);
/** What the API takes: either form; text is read into the structured form where it can be. */
export const volumeInputSchema = z
  .union([volumeSchema, freeText(MESSAGES.volume)], MESSAGES.volume)
  .transform((v) => (typeof v === "string" ? (parseVolumeText(v) ?? v) : v));
export const timePerTaskInputSchema = z
  .union([timePerTaskSchema, freeText(MESSAGES.timePerTask)], MESSAGES.timePerTask)
  .transform((v) => (typeof v === "string" ? (parseTimePerTaskText(v) ?? v) : v));
