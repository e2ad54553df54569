// The quote request's vocabulary (spec sections 3, 4, 5 and 9; DESIGN.md "Clients" and "One request
// lifecycle"): the wizard's options, its per-step schemas with the spec's messages, the API body,
// the status vocabularies, the complex-project rule and the automation ROI estimate. How the wizard
// walks through its steps (titles, buttons, what gates Next) is the browser's alone: it lives beside
// the wizard, in src/web/features/quote-requests/wizard/wizard-flow.ts.
import { z } from "zod";
import { pageQuerySchema } from "./paging";

// ---------------------------------------------------------------------------------------------
// Enumerations (spec section 3) with the labels the pages show
// ---------------------------------------------------------------------------------------------

export const INDUSTRIES = ["finance", "healthcare", "retail", "legal", "tech", "manufacturing", "other"] as const;
export type Industry = (typeof INDUSTRIES)[number];
export const INDUSTRY_LABELS: Record<Industry, string> = {
  finance: "Finance",
  healthcare: "Healthcare",
  retail: "Retail",
  legal: "Legal",
  tech: "Technology",
  manufacturing: "Manufacturing",
  other: "Other",
};

export const GOALS = [
  "Save time",
  "Reduce errors",
  "Cut costs",
  "Improve compliance",
  "Scale operations",
  "Other",
] as const;
export type Goal = (typeof GOALS)[number];

export const FREQUENCIES = ["daily", "weekly", "monthly", "adhoc"] as const;
export type Frequency = (typeof FREQUENCIES)[number];
export const FREQUENCY_LABELS: Record<Frequency, string> = {
  daily: "Daily",
  weekly: "Weekly",
  monthly: "Monthly",
  adhoc: "Ad hoc (when needed)",
};

export const SYSTEMS = [
  "Excel",
  "SAP",
  "Salesforce",
  "Outlook",
  "Browser",
  "Internal App",
  "QuickBooks",
  "Oracle",
  "ServiceNow",
  "Other",
] as const;
export type System = (typeof SYSTEMS)[number];

export const SYSTEM_TYPES = ["Web app", "Desktop app", "Mainframe", "Cloud service", "Database", "Not sure"] as const;
export type SystemType = (typeof SYSTEM_TYPES)[number];

export const TRIGGER_TYPES = ["manual", "event", "scheduled"] as const;
export type TriggerType = (typeof TRIGGER_TYPES)[number];
export const TRIGGER_TYPE_LABELS: Record<TriggerType, string> = {
  manual: "Manual: someone starts it",
  event: "Event: an email, a file or a form arrives",
  scheduled: "Scheduled: at set times",
};

export const HAS_DOCUMENTATION = ["yes", "no", "in-progress"] as const;
export type HasDocumentation = (typeof HAS_DOCUMENTATION)[number];
export const HAS_DOCUMENTATION_LABELS: Record<HasDocumentation, string> = {
  yes: "Yes",
  no: "No",
  "in-progress": "In progress",
};

export const TIMELINES = ["asap", "1-3months", "3-6months", "6+months", "no-deadline"] as const;
export type Timeline = (typeof TIMELINES)[number];
export const TIMELINE_LABELS: Record<Timeline, string> = {
  asap: "As soon as possible",
  "1-3months": "1-3 months",
  "3-6months": "3-6 months",
  "6+months": "6+ months",
  "no-deadline": "No deadline",
};

export const BUDGETS = ["<$5k", "$5k-$15k", "$15k-$30k", "$30k-$50k", "$50k+"] as const;
export type Budget = (typeof BUDGETS)[number];
/** Spec section 5: sent as budgetRange when the wizard's budget is empty. */
export const BUDGET_NOT_SPECIFIED = "Not specified";
export const BUDGET_RANGES = [...BUDGETS, BUDGET_NOT_SPECIFIED] as const;

export const REQUIRES_NDA = ["yes", "no"] as const;
export type RequiresNda = (typeof REQUIRES_NDA)[number];
export const REQUIRES_NDA_LABELS: Record<RequiresNda, string> = { yes: "Yes", no: "No" };

export const LOCATION_PREFERENCES = ["us-only", "global", "no-preference"] as const;
export type LocationPreference = (typeof LOCATION_PREFERENCES)[number];
export const LOCATION_PREFERENCE_LABELS: Record<LocationPreference, string> = {
  "us-only": "US-based providers only",
  global: "Providers anywhere",
  "no-preference": "No preference",
};

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

// ---------------------------------------------------------------------------------------------
// Limits (spec section 9) and the spec's section 5 messages, each written once
// ---------------------------------------------------------------------------------------------

export const WIZARD_STEPS = 6;
export const NAME_MIN = 2;
export const DESCRIPTION_MIN = 10;
export const DESCRIPTION_MAX = 500;
export const TASKS_MIN = 10;
/** Dashboard preview of a request's description (spec section 9). */
export const DESCRIPTION_PREVIEW = 150;
/** Upper bounds the spec leaves open; they only stop abuse (decision 011). */
export const SHORT_TEXT_MAX = 200;
export const LONG_TEXT_MAX = 2000;
export const VOLUME_MAX = 1_000_000;
export const TIME_PER_TASK_MAX = 1000;
/** Volume × time beyond this many hours a year (5,000 full-time people) is a typing mistake. */
export const WORKLOAD_HOURS_MAX = 10_000_000;

export const MESSAGES = {
  fullName: "Full name is required",
  email: "Valid email is required",
  companyName: "Company name is required",
  industry: "Please select an industry",
  location: "Location is required",
  processName: "Process name is required",
  processDescription: "Please provide a brief description",
  processDescriptionMax: `Please keep the description to ${DESCRIPTION_MAX} characters or fewer`,
  goals: "Please select at least one goal",
  frequency: "Please select frequency",
  systems: "Please select at least one system",
  systemTypes: "Please select system types",
  triggerType: "Please select trigger type",
  tasksToAutomate: "Please describe tasks to automate",
  hasDocumentation: "Please select an option",
  timeline: "Please select timeline",
  requiresNDA: "Please select an option",
  locationPreference: "Please select preference",
  consent: "Consent is required",
  shortTextMax: `Please keep this to ${SHORT_TEXT_MAX} characters or fewer`,
  longTextMax: `Please keep this to ${LONG_TEXT_MAX} characters or fewer`,
  volume: `Enter a whole number of items from 1 to ${VOLUME_MAX.toLocaleString("en-US")}`,
  timePerTask: `Enter a time above 0 and at most ${TIME_PER_TASK_MAX}`,
  workload: `Together, the volume and the time per task come to more than ${WORKLOAD_HOURS_MAX.toLocaleString("en-US")} hours a year. Please check both.`,
  budget: "Please select a budget from the list",
} as const;

const requiredText = (min: number, message: string, max = SHORT_TEXT_MAX, maxMessage: string = MESSAGES.shortTextMax) =>
  z.string(message).trim().min(min, message).max(max, maxMessage);
const optionalText = (max: number, maxMessage: string) => z.string().trim().max(max, maxMessage).optional();

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
const volumeStoredSchema = z.union([volumeSchema, z.string()]);
const timePerTaskStoredSchema = z.union([timePerTaskSchema, z.string()]);
const freeText = (message: string) =>
  z.string(message).trim().min(1, message).max(SHORT_TEXT_MAX, MESSAGES.shortTextMax);
/** What the API takes: either form; text is read into the structured form where it can be. */
const volumeInputSchema = z
  .union([volumeSchema, freeText(MESSAGES.volume)], MESSAGES.volume)
  .transform((v) => (typeof v === "string" ? (parseVolumeText(v) ?? v) : v));
const timePerTaskInputSchema = z
  .union([timePerTaskSchema, freeText(MESSAGES.timePerTask)], MESSAGES.timePerTask)
  .transform((v) => (typeof v === "string" ? (parseTimePerTaskText(v) ?? v) : v));

const fields = {
  fullName: requiredText(NAME_MIN, MESSAGES.fullName),
  email: z.string(MESSAGES.email).trim().max(254, MESSAGES.email).pipe(z.email(MESSAGES.email)),
  companyName: requiredText(NAME_MIN, MESSAGES.companyName),
  industry: z.enum(INDUSTRIES, MESSAGES.industry),
  department: optionalText(SHORT_TEXT_MAX, MESSAGES.shortTextMax),
  location: requiredText(NAME_MIN, MESSAGES.location),
  processName: requiredText(NAME_MIN, MESSAGES.processName),
  processDescription: z
    .string(MESSAGES.processDescription)
    .trim()
    .min(DESCRIPTION_MIN, MESSAGES.processDescription)
    .max(DESCRIPTION_MAX, MESSAGES.processDescriptionMax),
  goals: z.array(z.enum(GOALS, MESSAGES.goals), MESSAGES.goals).min(1, MESSAGES.goals),
  frequency: z.enum(FREQUENCIES, MESSAGES.frequency),
  volume: volumeSchema.optional(),
  timePerTask: timePerTaskSchema.optional(),
  systems: z.array(z.enum(SYSTEMS, MESSAGES.systems), MESSAGES.systems).min(1, MESSAGES.systems),
  systemTypes: z.array(z.enum(SYSTEM_TYPES, MESSAGES.systemTypes), MESSAGES.systemTypes).min(1, MESSAGES.systemTypes),
  triggerType: z.enum(TRIGGER_TYPES, MESSAGES.triggerType),
  tasksToAutomate: requiredText(TASKS_MIN, MESSAGES.tasksToAutomate, LONG_TEXT_MAX, MESSAGES.longTextMax),
  manualTasks: optionalText(LONG_TEXT_MAX, MESSAGES.longTextMax),
  exceptions: optionalText(LONG_TEXT_MAX, MESSAGES.longTextMax),
  hasDocumentation: z.enum(HAS_DOCUMENTATION, MESSAGES.hasDocumentation),
  timeline: z.enum(TIMELINES, MESSAGES.timeline),
  // The form's empty choice is "", which means "not specified".
  budget: z.union([z.enum(BUDGETS), z.literal("")], MESSAGES.budget).optional(),
  requiresNDA: z.enum(REQUIRES_NDA, MESSAGES.requiresNDA),
  locationPreference: z.enum(LOCATION_PREFERENCES, MESSAGES.locationPreference),
  additionalInfo: optionalText(LONG_TEXT_MAX, MESSAGES.longTextMax),
  consent: z.boolean(MESSAGES.consent).refine((v) => v, MESSAGES.consent),
};

/** The volume and the time per task must describe work people could do (and the estimate can hold). */
function checkWorkload(
  data: {
    frequency?: Frequency | undefined;
    volume?: Volume | string | undefined;
    timePerTask?: TimePerTask | string | undefined;
  },
  ctx: z.RefinementCtx,
) {
  // Zod runs this even when a field failed; each of those has its own message already.
  const frequency = fields.frequency.safeParse(data.frequency);
  const volume = volumeSchema.safeParse(data.volume);
  const timePerTask = timePerTaskSchema.safeParse(data.timePerTask);
  if (!frequency.success || !volume.success || !timePerTask.success) return;
  const roi = estimateRoi({ frequency: frequency.data, volume: volume.data, timePerTask: timePerTask.data });
  if (roi && roi.hoursPerYear > WORKLOAD_HOURS_MAX) {
    ctx.addIssue({ code: "custom", path: ["timePerTask"], message: MESSAGES.workload });
  }
}

// ---------------------------------------------------------------------------------------------
// The wizard (spec screen 4, section 5): one schema per step, and the whole
// ---------------------------------------------------------------------------------------------

export const step1Schema = z.object({
  fullName: fields.fullName,
  email: fields.email,
  companyName: fields.companyName,
  industry: fields.industry,
  department: fields.department,
  location: fields.location,
});
export const step2Schema = z
  .object({
    processName: fields.processName,
    processDescription: fields.processDescription,
    goals: fields.goals,
    frequency: fields.frequency,
    volume: fields.volume,
    timePerTask: fields.timePerTask,
  })
  .superRefine(checkWorkload);
export const step3Schema = z.object({
  systems: fields.systems,
  systemTypes: fields.systemTypes,
  triggerType: fields.triggerType,
});
export const step4Schema = z.object({
  tasksToAutomate: fields.tasksToAutomate,
  manualTasks: fields.manualTasks,
  exceptions: fields.exceptions,
});
export const step5Schema = z.object({
  hasDocumentation: fields.hasDocumentation,
  timeline: fields.timeline,
  budget: fields.budget,
});
export const step6Schema = z.object({
  requiresNDA: fields.requiresNDA,
  locationPreference: fields.locationPreference,
  additionalInfo: fields.additionalInfo,
  consent: fields.consent,
});

export const WIZARD_STEP_SCHEMAS = [
  step1Schema,
  step2Schema,
  step3Schema,
  step4Schema,
  step5Schema,
  step6Schema,
] as const;

export const wizardSchema = z
  .object({
    ...step1Schema.shape,
    ...step2Schema.shape,
    ...step3Schema.shape,
    ...step4Schema.shape,
    ...step5Schema.shape,
    ...step6Schema.shape,
  })
  .superRefine(checkWorkload);
export type WizardData = z.infer<typeof wizardSchema>;
export type WizardField = keyof WizardData;

// ---------------------------------------------------------------------------------------------
// The API body (spec sections 3 and 7): POST /api/quote-requests
// ---------------------------------------------------------------------------------------------

/** The requirements as stored and read, without the checks across them (for the answers, which drop some). */
const requirementsFieldsSchema = z.strictObject({
  fullName: fields.fullName,
  email: fields.email,
  companyName: fields.companyName,
  department: fields.department,
  location: fields.location,
  frequency: fields.frequency,
  volume: volumeStoredSchema.optional(),
  timePerTask: timePerTaskStoredSchema.optional(),
  systems: fields.systems,
  systemTypes: fields.systemTypes,
  triggerType: fields.triggerType,
  tasksToAutomate: fields.tasksToAutomate,
  manualTasks: fields.manualTasks,
  exceptions: fields.exceptions,
  hasDocumentation: fields.hasDocumentation,
  requiresNDA: fields.requiresNDA,
  locationPreference: fields.locationPreference,
  additionalInfo: fields.additionalInfo,
});
export const requirementsSchema = requirementsFieldsSchema
  .extend({ volume: volumeInputSchema.optional(), timePerTask: timePerTaskInputSchema.optional() })
  .superRefine(checkWorkload);
export type Requirements = z.infer<typeof requirementsSchema>;

export const createQuoteRequestSchema = z.strictObject({
  title: fields.processName,
  description: fields.processDescription,
  industry: fields.industry,
  automationTypes: fields.goals,
  budgetRange: z.enum(BUDGET_RANGES, MESSAGES.budget),
  timeline: fields.timeline,
  requirements: requirementsSchema,
});
export type CreateQuoteRequestInput = z.infer<typeof createQuoteRequestSchema>;

function withoutEmpty(value: string | undefined): string | undefined {
  return value?.trim() ? value.trim() : undefined;
}

/** DESIGN.md "Clients": what the wizard sends. The consent is required but not sent. */
export function toCreateQuoteRequestBody(data: WizardData): CreateQuoteRequestInput {
  return {
    title: data.processName,
    description: data.processDescription,
    industry: data.industry,
    automationTypes: data.goals,
    budgetRange: data.budget ? data.budget : BUDGET_NOT_SPECIFIED,
    timeline: data.timeline,
    requirements: {
      fullName: data.fullName,
      email: data.email,
      companyName: data.companyName,
      department: withoutEmpty(data.department),
      location: data.location,
      frequency: data.frequency,
      volume: data.volume,
      timePerTask: data.timePerTask,
      systems: data.systems,
      systemTypes: data.systemTypes,
      triggerType: data.triggerType,
      tasksToAutomate: data.tasksToAutomate,
      manualTasks: withoutEmpty(data.manualTasks),
      exceptions: withoutEmpty(data.exceptions),
      hasDocumentation: data.hasDocumentation,
      requiresNDA: data.requiresNDA,
      locationPreference: data.locationPreference,
      additionalInfo: withoutEmpty(data.additionalInfo),
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Status: stored once, two vocabularies (DESIGN.md "One request lifecycle")
// ---------------------------------------------------------------------------------------------

export const QUOTE_REQUEST_STATUSES = ["open", "matched", "closed", "cancelled"] as const;
export type QuoteRequestStatus = (typeof QUOTE_REQUEST_STATUSES)[number];

/** The three values a client sees; a cancelled request is shown as closed. */
export type ClientStatus = "open" | "matched" | "closed";
export function clientStatus(status: QuoteRequestStatus): ClientStatus {
  return status === "cancelled" ? "closed" : status;
}
export const CLIENT_STATUS_LABELS: Record<QuoteRequestStatus, string> = {
  open: "Open",
  matched: "Matched",
  closed: "Closed",
  cancelled: "Cancelled",
};

/** The admin's vocabulary (spec section 4) maps one to one onto the stored status. */
export const ADMIN_STATUSES = ["pending", "active", "completed", "cancelled"] as const;
export type AdminStatus = (typeof ADMIN_STATUSES)[number];
export const ADMIN_TO_STORED_STATUS: Record<AdminStatus, QuoteRequestStatus> = {
  pending: "open",
  active: "matched",
  completed: "closed",
  cancelled: "cancelled",
};
export const STORED_TO_ADMIN_STATUS: Record<QuoteRequestStatus, AdminStatus> = {
  open: "pending",
  matched: "active",
  closed: "completed",
  cancelled: "cancelled",
};

/** A client may withdraw a request until it is closed. */
export const CANCELLABLE_STATUSES: readonly QuoteRequestStatus[] = ["open", "matched"];
export function canCancel(status: QuoteRequestStatus): boolean {
  return CANCELLABLE_STATUSES.includes(status);
}

// ---------------------------------------------------------------------------------------------
// The match promise (spec section 1, DESIGN.md "Matching")
// ---------------------------------------------------------------------------------------------

export const MATCH_HOURS = 48;
export const MATCH_HOURS_COMPLEX = 72;
export const COMPLEX_MIN_SYSTEMS = 3;

/** A complex project: budget $50k+, or 3 or more systems, or a mainframe. */
export function isComplexProject(input: {
  budgetRange?: string | undefined;
  systems: readonly string[];
  systemTypes: readonly string[];
}): boolean {
  return (
    input.budgetRange === "$50k+" ||
    input.systems.length >= COMPLEX_MIN_SYSTEMS ||
    input.systemTypes.includes("Mainframe")
  );
}

export function matchHours(complex: boolean): number {
  return complex ? MATCH_HOURS_COMPLEX : MATCH_HOURS;
}

export function matchDueAt(submittedAt: Date, complex: boolean): Date {
  return new Date(submittedAt.getTime() + matchHours(complex) * 60 * 60 * 1000);
}

// ---------------------------------------------------------------------------------------------
// Automation ROI estimate (DESIGN.md "Matching"; the formula is decision 012)
// ---------------------------------------------------------------------------------------------

/** Working days a year: a business process that runs daily runs on working days. */
export const WORKING_DAYS_PER_YEAR = 250;
/** Ad-hoc processes have no rate; the estimate assumes one run a month and says so. */
export const RUNS_PER_YEAR: Record<Frequency, number> = { daily: 250, weekly: 52, monthly: 12, adhoc: 12 };
const PERIODS_PER_YEAR: Record<Exclude<VolumePeriod, "run">, number> = {
  day: WORKING_DAYS_PER_YEAR,
  week: 52,
  month: 12,
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

// ---------------------------------------------------------------------------------------------
// What the API answers
// ---------------------------------------------------------------------------------------------

const statusSchema = z.enum(QUOTE_REQUEST_STATUSES);

/** The client's contact details: omitted for readers who may not see them (providers before quoting). */
export const quoteRequestClientSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
});

/** Spec section 3, "Quote request (as read)", plus the match promise and the ROI estimate. */
export const quoteRequestSummarySchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  industry: z.string(),
  createdAt: z.string(),
  budgetRange: z.string(),
  automationTypes: z.array(z.string()),
  status: statusSchema,
  timeline: z.string(),
  client: quoteRequestClientSchema.optional(),
  matchDueAt: z.string(),
  isComplex: z.boolean(),
  roiHoursPerYear: z.number().int().nullable(),
});
export type QuoteRequestSummary = z.infer<typeof quoteRequestSummarySchema>;

/**
 * GET /api/quote-requests/:id: the whole request. A reader who may not see the client's contact
 * details gets neither `client` nor the contact fields of `requirements`.
 */
export const quoteRequestDetailSchema = quoteRequestSummarySchema.extend({
  requirements: requirementsFieldsSchema.partial({ fullName: true, email: true, companyName: true }),
  updatedAt: z.string(),
});
export type QuoteRequestDetail = z.infer<typeof quoteRequestDetailSchema>;

/** GET /api/quote-requests/me: a page (decision 104), optionally of one status in the client's words. */
export const myQuoteRequestsQuerySchema = pageQuerySchema.extend({
  status: z.enum(["open", "matched", "closed"], { message: "status must be one of open, matched, closed." }).optional(),
});
export type MyQuoteRequestsQuery = z.infer<typeof myQuoteRequestsQuerySchema>;

/**
 * GET /api/quote-requests/me/summary: the client's figures counted by the database, so that the
 * dashboard, the welcome page and the reports show every request whatever page the list is on.
 */
export const quoteRequestSummaryCountsSchema = z.object({
  total: z.number().int(),
  byStatus: z.object({
    open: z.number().int(),
    matched: z.number().int(),
    closed: z.number().int(),
    cancelled: z.number().int(),
  }),
  /** Estimated hours a year over the requests still wanted (not cancelled), and how many have an estimate. */
  hoursSavedPerYear: z.number().int(),
  withEstimate: z.number().int(),
});
export type QuoteRequestSummaryCounts = z.infer<typeof quoteRequestSummaryCountsSchema>;

export const quoteRequestIdParamsSchema = z.object({
  id: z.coerce.number().int().positive().max(2_147_483_647),
});
