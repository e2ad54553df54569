// The free-text volume (issue 30, decision 153): the ways people write a quantity and a period, each
// with what it reads as, and the phrases that must stay words (and so give no estimate).
import { describe, expect, it } from "vitest";
import { requirementsSchema } from "./quote-requests";
import { validQuoteRequestBody } from "./quote-requests.fixtures";
import { estimateRoi } from "./roi-estimate";
import { parseVolumeText, type Volume } from "./volume-and-time";

const READS: readonly [string, Volume][] = [
  // Digits, with and without a name for the items and a period (decision 101's forms).
  ["400", { quantity: 400, per: "run" }],
  ["400 a week", { quantity: 400, per: "week" }],
  ["300 invoices a week", { quantity: 300, per: "week" }],
  ["1,200 invoices per month", { quantity: 1200, per: "month" }],
  ["50/day", { quantity: 50, per: "day" }],
  ["50 / week", { quantity: 50, per: "week" }],
  ["  30 Orders  Weekly ", { quantity: 30, per: "week" }],
  ["12 each working day", { quantity: 12, per: "day" }],
  ["8 per run", { quantity: 8, per: "run" }],
  ["25 per batch", { quantity: 25, per: "run" }],
  ["200 purchase orders per business day", { quantity: 200, per: "day" }],
  ["40 rows of data a day", { quantity: 40, per: "day" }],
  ["70 e-mails a day.", { quantity: 70, per: "day" }],
  // About, around, approx, ~: the figure as written.
  ["about 200 invoices a day", { quantity: 200, per: "day" }],
  ["About 400", { quantity: 400, per: "run" }],
  ["around 50 per week", { quantity: 50, per: "week" }],
  ["approx 75 tickets daily", { quantity: 75, per: "day" }],
  ["approx. 75 a day", { quantity: 75, per: "day" }],
  ["approximately 1,000 per month", { quantity: 1000, per: "month" }],
  ["roughly 60 a week", { quantity: 60, per: "week" }],
  ["~300/month", { quantity: 300, per: "month" }],
  ["~ 300 a month", { quantity: 300, per: "month" }],
  ["200 or so invoices a day", { quantity: 200, per: "day" }],
  ["200ish a week", { quantity: 200, per: "week" }],
  // Ranges: the midpoint.
  ["150-200", { quantity: 175, per: "run" }],
  ["150-200 a week", { quantity: 175, per: "week" }],
  ["400-500 a week", { quantity: 450, per: "week" }],
  ["150 - 200 invoices per day", { quantity: 175, per: "day" }],
  ["150–200 per month", { quantity: 175, per: "month" }],
  ["150 to 200 a day", { quantity: 175, per: "day" }],
  ["between 150 and 200 a week", { quantity: 175, per: "week" }],
  ["about 1-2k a month", { quantity: 1500, per: "month" }],
  ["500-2k a year", { quantity: 1250, per: "year" }],
  ["10-15 a day", { quantity: 13, per: "day" }],
  // Thousands.
  ["2k", { quantity: 2000, per: "run" }],
  ["2k per month", { quantity: 2000, per: "month" }],
  ["1.5k invoices a month", { quantity: 1500, per: "month" }],
  ["1.1k a week", { quantity: 1100, per: "week" }],
  ["2 k a year", { quantity: 2000, per: "year" }],
  ["3 thousand a year", { quantity: 3000, per: "year" }],
  ["12,500 per year", { quantity: 12500, per: "year" }],
  // Periods, every way.
  ["400 a year", { quantity: 400, per: "year" }],
  ["5000 annually", { quantity: 5000, per: "year" }],
  ["5000 yearly", { quantity: 5000, per: "year" }],
  ["6000 per annum", { quantity: 6000, per: "year" }],
  ["600 in a year", { quantity: 600, per: "year" }],
  ["90 every day", { quantity: 90, per: "day" }],
  ["90 orders every week", { quantity: 90, per: "week" }],
  ["100 each month", { quantity: 100, per: "month" }],
  ["100 monthly", { quantity: 100, per: "month" }],
  ["100 per workday", { quantity: 100, per: "day" }],
  ["20/wk", { quantity: 20, per: "week" }],
  ["20/mo", { quantity: 20, per: "month" }],
  ["20/yr", { quantity: 20, per: "year" }],
  ["8 each time", { quantity: 8, per: "run" }],
  // Numbers in words.
  ["twenty", { quantity: 20, per: "run" }],
  ["twenty a day", { quantity: 20, per: "day" }],
  ["Twenty-five orders a week", { quantity: 25, per: "week" }],
  ["twenty five a week", { quantity: 25, per: "week" }],
  ["a hundred invoices a day", { quantity: 100, per: "day" }],
  ["about a hundred a week", { quantity: 100, per: "week" }],
  ["two hundred per month", { quantity: 200, per: "month" }],
  ["two hundred and fifty a month", { quantity: 250, per: "month" }],
  ["fifteen hundred a year", { quantity: 1500, per: "year" }],
  ["a thousand emails monthly", { quantity: 1000, per: "month" }],
  ["three thousand five hundred a year", { quantity: 3500, per: "year" }],
  ["a dozen a day", { quantity: 12, per: "day" }],
  ["two dozen", { quantity: 24, per: "run" }],
  ["twelve per run", { quantity: 12, per: "run" }],
  ["twenty to thirty a day", { quantity: 25, per: "day" }],
  ["ninety-nine a week", { quantity: 99, per: "week" }],
];

const STAYS_WORDS = [
  "",
  "lots",
  "a few a day",
  "some invoices",
  "depends on the season",
  "0",
  "zero a day",
  "2,000,000",
  "two million a day",
  "400 per",
  "per day",
  "1.5 a day",
  "1.2345k a day",
  "200 per hour",
  "200 hours a week",
  "5 minutes",
  "every 2 weeks",
  "up to 200 a day",
  "at least 200 a day",
  "200+ a day",
  "200 a day or 1000 a week",
  "200-150 a day",
  "150-150 a day",
  "between 150 a day",
  "twenty twenty",
  "hundred a day",
  "five twenty",
  "a day",
  "200 invoices from three large customers a day",
  "200 per day per person",
  "-5 a day",
  "1e3 a day",
];

describe("volume in words: a quantity and a period as people write them (decision 153)", () => {
  it("has the table of at least 40 phrasings the issue asks for", () => {
    expect(READS.length).toBeGreaterThanOrEqual(40);
  });

  it.each(READS)("reads %j as %j", (text, volume) => {
    expect(parseVolumeText(text)).toEqual(volume);
  });

  it.each(STAYS_WORDS)("keeps %j as words: it is no quantity and period, or out of range", (text) => {
    expect(parseVolumeText(text)).toBeUndefined();
  });

  it("gives 'about 200 invoices a day' with '5 minutes' an estimate (issue 30), on working days", () => {
    const r = requirementsSchema.parse({
      ...validQuoteRequestBody().requirements,
      volume: "about 200 invoices a day",
      timePerTask: "5 minutes",
    });
    expect(r.volume).toEqual({ quantity: 200, per: "day" });
    // 200 a day × 250 working days × 5 minutes.
    expect(estimateRoi(r)?.hoursPerYear).toBe(Math.round((200 * 250 * 5) / 60));
  });

  it("counts a volume per year once a year", () => {
    const estimate = estimateRoi({
      frequency: "monthly",
      volume: { quantity: 600, per: "year" },
      timePerTask: { value: 10, unit: "minutes" },
    });
    expect(estimate).toMatchObject({ itemsPerYear: 600, hoursPerYear: 100, assumedRunRate: false });
  });
});
