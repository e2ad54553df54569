// How much work a process is: its volume (items per run, day, week or month) and the time each item
// takes. Structured so that the ROI estimate can be computed (decision 012); text a client wrote is
// read into that form where it reads unambiguously (decision 101).
import { z } from "zod";
import { labelledOptions } from "./labelled-options";
import { MESSAGES, SHORT_TEXT_MAX, TIME_PER_TASK_MAX, VOLUME_MAX } from "./quote-request-limits";

// Structured volume and time per task, so that the ROI estimate can be computed (decision 012).
export type VolumePeriod = (typeof VOLUME_PERIODS)[number];
export const { values: VOLUME_PERIODS, labels: VOLUME_PERIOD_LABELS } = labelledOptions({
  run: "each time it runs",
  day: "per working day",
  week: "per week",
  month: "per month",
  year: "per year",
});
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
// takes either form; text that reads as a quantity and a period becomes the structured form (and so an
// estimate), other text is kept as the client wrote it and yields no estimate (decisions 101, 153).
const VOLUME_TEXT_PERIODS: Record<string, VolumePeriod> = {
  run: "run",
  time: "run",
  batch: "run",
  day: "day",
  "working day": "day",
  "business day": "day",
  workday: "day",
  weekday: "day",
  week: "week",
  wk: "week",
  month: "month",
  mo: "month",
  year: "year",
  yr: "year",
  annum: "year",
  daily: "day",
  weekly: "week",
  monthly: "month",
  yearly: "year",
  annually: "year",
};
const PERIOD_UNIT = "run|time|batch|working day|business day|workday|weekday|day|week|wk|month|mo|year|yr|annum";
/** The period at the end: "a day", "per week", "each working day", "every month", "in a year", "daily". */
const PERIOD_TAIL = new RegExp(
  `(?:^|\\s)(?:(?:a|an|per|each|every|in a|in one)\\s+(${PERIOD_UNIT})|(daily|weekly|monthly|yearly|annually))$`,
);
/** "/day", "/ week". */
const SLASH_TAIL = new RegExp(`\\s*/\\s*(${PERIOD_UNIT})$`);
/** "about", "around", "approx.", "~": an approximate quantity is taken as it is written. */
const APPROXIMATELY = /^(?:about|around|approximately|approx\.?|roughly|circa|ca\.|some|~)\s*/;
/** "1,200", "150", "1.5k", "2 k", "3 thousand": the number and what is left. */
const DIGITS = /^(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)(?:\s?(k)\b|\s+(thousand)\b)?/;
const RANGE_JOIN = /^\s*(?:-|to)\s*/;

const WORD_UNITS: Record<string, number> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
};
const WORD_TEENS: Record<string, number> = {
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19,
};
const WORD_TENS: Record<string, number> = {
  twenty: 20,
  thirty: 30,
  forty: 40,
  fifty: 50,
  sixty: 60,
  seventy: 70,
  eighty: 80,
  ninety: 90,
};
const NUMBER_WORDS = new Set([
  ...Object.keys(WORD_UNITS),
  ...Object.keys(WORD_TEENS),
  ...Object.keys(WORD_TENS),
  "hundred",
  "thousand",
  "dozen",
]);

/**
 * "twenty", "a hundred", "two hundred and fifty", "fifteen hundred", "three thousand", "two dozen":
 * the value of number words in the usual English order, or undefined for any other sequence
 * ("twenty twenty", "hundred", "five twenty").
 */
function numberFromWords(words: readonly string[]): number | undefined {
  let thousands = 0;
  let hundreds = 0;
  let small = 0;
  let afterTens = false;
  for (const [i, word] of words.entries()) {
    const next = words[i + 1];
    if (word === "a" || word === "an") {
      if (i !== 0 || (next !== "hundred" && next !== "thousand" && next !== "dozen")) return undefined;
      small = 1;
    } else if (word === "and") {
      if ((hundreds === 0 && thousands === 0) || small !== 0) return undefined;
    } else if (word in WORD_UNITS) {
      if (small !== 0 && !afterTens) return undefined;
      small += WORD_UNITS[word] ?? 0;
      afterTens = false;
      continue;
    } else if (word in WORD_TEENS || word in WORD_TENS) {
      if (small !== 0) return undefined;
      small = WORD_TEENS[word] ?? WORD_TENS[word] ?? 0;
      afterTens = word in WORD_TENS;
      continue;
    } else if (word === "hundred") {
      // "fifteen hundred" is 1,500; "two hundred" twice is nothing.
      if (small === 0 || hundreds !== 0) return undefined;
      hundreds = small * 100;
      small = 0;
    } else if (word === "thousand") {
      if (hundreds + small === 0 || thousands !== 0) return undefined;
      thousands = (hundreds + small) * 1000;
      hundreds = 0;
      small = 0;
    } else if (word === "dozen") {
      if (small === 0 || hundreds !== 0 || thousands !== 0 || next !== undefined) return undefined;
      small *= 12;
    } else return undefined;
    afterTens = false;
  }
  const value = thousands + hundreds + small;
  return value > 0 ? value : undefined;
}

type Quantity = { value: number; thousands: boolean; rest: string };

/** The quantity at the start of `text`, in digits or in words, and the text after it. */
function leadingQuantity(text: string): Quantity | undefined {
  const digits = DIGITS.exec(text);
  if (digits?.[1]) {
    const thousands = digits[2] !== undefined || digits[3] !== undefined;
    const number = Number(digits[1].replaceAll(",", ""));
    // 1.1 × 1000 is 1100.0000000000002 in floating point: a "k" of a decimal is rounded to millionths.
    const value = thousands ? Math.round(number * 1000 * 1e6) / 1e6 : number;
    return { value, thousands, rest: text.slice(digits[0].length) };
  }
  const words = text.split(/[\s-]+/);
  let taken = 0;
  // The longest run of number words ("and" only between two of them; "a" only before hundred, thousand, dozen).
  while (taken < words.length) {
    const word = words[taken] ?? "";
    const next = words[taken + 1] ?? "";
    const joins = word === "and" && taken > 0 && NUMBER_WORDS.has(next);
    const article = (word === "a" || word === "an") && taken === 0 && ["hundred", "thousand", "dozen"].includes(next);
    if (!NUMBER_WORDS.has(word) && !joins && !article) break;
    taken += 1;
  }
  if (taken === 0) return undefined;
  const value = numberFromWords(words.slice(0, taken));
  if (value === undefined) return undefined;
  // What follows the words, in the text as written (hyphens and spaces were only separators).
  const consumed = new RegExp(`^${words.slice(0, taken).join("[\\s-]+")}`).exec(text)?.[0] ?? "";
  return { value, thousands: false, rest: text.slice(consumed.length) };
}

/**
 * The quantity: one number, or a range written "150-200", "150 to 200" or "between 150 and 200",
 * taken at its midpoint. "1-2k" is 1,000 to 2,000: a "k" on the upper bound only is read on both when
 * the lower bound would otherwise be the smaller one.
 */
function readQuantity(text: string): { value: number; rest: string } | undefined {
  const between = /^between\s+/.exec(text);
  const first = leadingQuantity(between ? text.slice(between[0].length) : text);
  if (!first) return undefined;
  const join = between ? /^\s+and\s+/.exec(first.rest) : RANGE_JOIN.exec(first.rest);
  if (!join) return between ? undefined : first;
  const second = leadingQuantity(first.rest.slice(join[0].length));
  if (!second) return undefined;
  const low =
    second.thousands && !first.thousands && first.value * 1000 <= second.value ? first.value * 1000 : first.value;
  if (!(low < second.value)) return undefined;
  return { value: Math.round((low + second.value) / 2), rest: second.rest };
}

/** Words that may not stand in the item's name: they say a time, a period or a second figure. */
const NOT_A_NOUN = new Set([
  ...Object.keys(VOLUME_TEXT_PERIODS),
  ...["a", "an", "per", "each", "every", "in", "or", "and", "to", "of", "hour", "hours", "minute", "minutes"],
  ...["second", "seconds", "days", "weeks", "months", "years", "times", "runs", "hr", "hrs", "min", "mins"],
  // A second figure ("two million") is no name for the items.
  ...NUMBER_WORDS,
  ...["million", "millions", "billion", "thousands", "hundreds", "dozens"],
]);
/** "invoices", "purchase orders", "rows of data": up to three words naming the items. */
function isItemName(text: string): boolean {
  if (text === "") return true;
  const words = text.split(" ");
  return (
    words.length <= 3 &&
    words.every(
      (w, i) => /^[a-z]+(?:-[a-z]+)*$/.test(w) && (!NOT_A_NOUN.has(w) || (w === "of" && i > 0 && i < words.length - 1)),
    )
  );
}

/**
 * "400", "400 a week", "1,200 invoices per month", "50/day", "about 200 invoices a day", "150-200 a
 * week", "2k per month", "twenty a day", "a hundred orders monthly" → structured; anything else →
 * undefined. A quantity without a period is per run (decision 012's default).
 */
export function parseVolumeText(text: string): Volume | undefined {
  let s = text
    .trim()
    .toLowerCase()
    .replace(/[\u2013\u2014]/g, "-")
    .replace(/\s+/g, " ")
    .replace(/[.!]$/, "")
    .replace(APPROXIMATELY, "");
  s = s.replace(/(\d)\s?-?ish\b/, "$1").replace(/ or so\b/, "");
  const quantity = readQuantity(s);
  if (!quantity) return undefined;
  let rest = quantity.rest.trim();
  const period = PERIOD_TAIL.exec(rest) ?? SLASH_TAIL.exec(rest);
  if (period) rest = rest.slice(0, period.index).trim();
  const periodWord = period?.[1] ?? period?.[2];
  if (!isItemName(rest)) return undefined;
  const parsed = volumeSchema.safeParse({
    quantity: quantity.value,
    per: periodWord ? VOLUME_TEXT_PERIODS[periodWord] : "run",
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
