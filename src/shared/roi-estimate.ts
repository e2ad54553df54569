// The automation ROI estimate (DESIGN.md "Matching"; the formula is decision 012): the hours of
// manual work a year a request describes, shown to the client and to the providers it reaches.
import type { Frequency } from "./quote-request-options";
import type { TimePerTask, Volume, VolumePeriod } from "./volume-and-time";

/** Working days a year: a business process that runs daily runs on working days. */
export const WORKING_DAYS_PER_YEAR = 250;
/** Ad-hoc processes have no rate; the estimate assumes one run a month and says so. */
export const RUNS_PER_YEAR: Record<Frequency, number> = { daily: 250, weekly: 52, monthly: 12, adhoc: 12 };
const PERIODS_PER_YEAR: Record<Exclude<VolumePeriod, "run">, number> = {
  day: WORKING_DAYS_PER_YEAR,
  week: 52,
  month: 12,
  year: 1,
};
/** One full-time person's working hours a year (250 days of 8 hours). */
export const FULL_TIME_HOURS_PER_YEAR = 2000;

export type RoiEstimate = {
  /** Hours of manual work a year, rounded to whole hours. */
  hoursPerYear: number;
  itemsPerYear: number;
  minutesPerItem: number;
  /** Share of one full-time person, to one decimal of a percent. */
  fullTimeShare: number;
  /** True when the estimate had to assume the run rate (ad-hoc process, volume given per run). */
  assumedRunRate: boolean;
};

/** null when volume or time per task is missing or only in words: nothing honest can be said then. */
export function estimateRoi(input: {
  frequency: Frequency;
  volume?: Volume | string | undefined;
  timePerTask?: TimePerTask | string | undefined;
}): RoiEstimate | null {
  const { frequency, volume, timePerTask } = input;
  if (!volume || !timePerTask || typeof volume === "string" || typeof timePerTask === "string") return null;
  const itemsPerYear =
    volume.per === "run" ? volume.quantity * RUNS_PER_YEAR[frequency] : volume.quantity * PERIODS_PER_YEAR[volume.per];
  const minutesPerItem = timePerTask.unit === "hours" ? timePerTask.value * 60 : timePerTask.value;
  const hoursPerYear = Math.round((itemsPerYear * minutesPerItem) / 60);
  return {
    hoursPerYear,
    itemsPerYear,
    minutesPerItem,
    fullTimeShare: Math.round((hoursPerYear / FULL_TIME_HOURS_PER_YEAR) * 1000) / 10,
    assumedRunRate: volume.per === "run" && frequency === "adhoc",
  };
}
