// The quote request's forms and bodies (spec sections 3, 4, 5 and 9; DESIGN.md "Clients"): the
// wizard's per-step schemas, the API body and what the API answers. The rest of the request's
// vocabulary lives in the files named after it, which their users import directly (no re-exports):
// - quote-request-options.ts: the wizard's choices and their labels
// - quote-request-limits.ts: the limits and the spec's messages
// - volume-and-time.ts: the volume and the time per task, and reading them from words
// - roi-estimate.ts: the automation ROI estimate
// - quote-request-status.ts: the stored status and its client and admin vocabularies
// - match-promise.ts: the complex-project rule and the match deadline
// How the wizard walks through its steps (titles, buttons, what gates Next) is the browser's alone: it
// lives beside the wizard, in src/web/features/quote-requests/wizard/wizard-flow.ts.
import { z } from "zod";
import { COUNTRY_CODES } from "./countries";
import { countsOf } from "./counts";
import { fileIdsSchema, storedFileSchema } from "./files";
import { ID_MAX } from "./ids";
import { oneOf, pageQuerySchema } from "./paging";
import {
  DESCRIPTION_MAX,
  DESCRIPTION_MIN,
  LONG_TEXT_MAX,
  MESSAGES,
  NAME_MIN,
  SHORT_TEXT_MAX,
  TASKS_MIN,
  WORKLOAD_HOURS_MAX,
} from "./quote-request-limits";
import {
  BUDGET_NOT_SPECIFIED,
  BUDGET_RANGES,
  BUDGETS,
  FREQUENCIES,
  type Frequency,
  GOALS,
  HAS_DOCUMENTATION,
  INDUSTRIES,
  LOCATION_PREFERENCES,
  REQUIRES_NDA,
  SYSTEM_TYPES,
  SYSTEMS,
  TIMELINES,
  TRIGGER_TYPES,
  WORKPLACES,
} from "./quote-request-options";
import { QUOTE_REQUEST_STATUSES } from "./quote-request-status";
import { estimateRoi } from "./roi-estimate";
import {
  type TimePerTask,
  timePerTaskInputSchema,
  timePerTaskSchema,
  timePerTaskStoredSchema,
  type Volume,
  volumeInputSchema,
  volumeSchema,
  volumeStoredSchema,
} from "./volume-and-time";

// ---------------------------------------------------------------------------------------------
// The fields, each with its spec message
// ---------------------------------------------------------------------------------------------

const requiredText = (min: number, message: string, max = SHORT_TEXT_MAX, maxMessage: string = MESSAGES.shortTextMax) =>
  z.string(message).trim().min(min, message).max(max, maxMessage);
const optionalText = (max: number, maxMessage: string) => z.string().trim().max(max, maxMessage).optional();

/**
 * A direct invite's course (decision 172): pending until the request is matched; then delivered (the
 * invited provider got it first) or unavailable (its preferences, capacity, pause or subscription kept
 * it from this request, and the match went on without it).
 */
export const INVITE_STATUSES = ["pending", "delivered", "unavailable"] as const;

export const CLIENT_COUNTRY_MESSAGE = "Choose a country from the list";
export const WORKPLACE_MESSAGE = "Choose whether the work needs someone on site";

const fields = {
  fullName: requiredText(NAME_MIN, MESSAGES.fullName),
  email: z.string(MESSAGES.email).trim().max(254, MESSAGES.email).pipe(z.email(MESSAGES.email)),
  companyName: requiredText(NAME_MIN, MESSAGES.companyName),
  industry: z.enum(INDUSTRIES, MESSAGES.industry),
  department: optionalText(SHORT_TEXT_MAX, MESSAGES.shortTextMax),
  location: requiredText(NAME_MIN, MESSAGES.location),
  // Not in the spec (decision 171): the client's country, for the providers' lead preferences. Optional;
  // "" (not given) is read from the location where it names one country.
  country: z
    .string(CLIENT_COUNTRY_MESSAGE)
    .refine((v) => v === "" || COUNTRY_CODES.includes(v), CLIENT_COUNTRY_MESSAGE)
    .optional(),
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
  // Not in the spec (decision 171): optional; unanswered reads as remote.
  workplace: z.enum(WORKPLACES, WORKPLACE_MESSAGE).optional(),
  additionalInfo: optionalText(LONG_TEXT_MAX, MESSAGES.longTextMax),
  consent: z.boolean(MESSAGES.consent).refine((v) => v, MESSAGES.consent),
};

type Fields = typeof fields;
/** The named fields, as a shape for z.object: each step and the stored requirements take theirs from `fields`. */
function fieldsNamed<const K extends keyof Fields>(...names: K[]): Pick<Fields, K> {
  return Object.fromEntries(names.map((name) => [name, fields[name]])) as Pick<Fields, K>;
}

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

const step1Schema = z.object(
  fieldsNamed("fullName", "email", "companyName", "industry", "department", "location", "country"),
);
const step2Schema = z
  .object(fieldsNamed("processName", "processDescription", "goals", "frequency", "volume", "timePerTask"))
  .superRefine(checkWorkload);
const step3Schema = z.object(fieldsNamed("systems", "systemTypes", "triggerType"));
const step4Schema = z.object(fieldsNamed("tasksToAutomate", "manualTasks", "exceptions"));
const step5Schema = z.object(fieldsNamed("hasDocumentation", "timeline", "budget"));
const step6Schema = z.object(
  fieldsNamed("requiresNDA", "locationPreference", "workplace", "additionalInfo", "consent"),
);

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
  ...fieldsNamed("fullName", "email", "companyName", "department", "location", "country", "frequency"),
  volume: volumeStoredSchema.optional(),
  timePerTask: timePerTaskStoredSchema.optional(),
  ...fieldsNamed(
    "systems",
    "systemTypes",
    "triggerType",
    "tasksToAutomate",
    "manualTasks",
    "exceptions",
    "hasDocumentation",
    "requiresNDA",
    "locationPreference",
    "workplace",
    "additionalInfo",
  ),
});
export const requirementsSchema = requirementsFieldsSchema
  .extend({ volume: volumeInputSchema.optional(), timePerTask: timePerTaskInputSchema.optional() })
  .superRefine(checkWorkload);
export type Requirements = z.infer<typeof requirementsSchema>;

/** Not in the spec (issue 32, decision 172): the profile address (slug) of a provider the client asks first. */
export const INVITED_PROVIDER_MAX = 80;
export const INVITED_PROVIDER_GONE =
  "This provider is not taking requests through Automatch now. Remove the invitation to send your request to matched providers.";

export const createQuoteRequestSchema = z.strictObject({
  title: fields.processName,
  description: fields.processDescription,
  industry: fields.industry,
  automationTypes: fields.goals,
  budgetRange: z.enum(BUDGET_RANGES, MESSAGES.budget),
  timeline: fields.timeline,
  requirements: requirementsSchema,
  invitedProvider: z.string(INVITED_PROVIDER_GONE).trim().min(1).max(INVITED_PROVIDER_MAX).optional(),
  /** Process documents uploaded beforehand (POST /api/files, decision 176). */
  fileIds: fileIdsSchema.optional(),
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
      country: withoutEmpty(data.country),
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
      workplace: data.workplace,
      additionalInfo: withoutEmpty(data.additionalInfo),
    },
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
  /** The provider the client invited (decision 172): to the client and admins only; absent when none. */
  invite: z
    .object({ companyName: z.string(), slug: z.string(), status: z.enum(INVITE_STATUSES) })
    .nullable()
    .optional(),
  /** The process documents (decision 176); a provider sees them once the lead is theirs, never after declining. */
  files: z.array(storedFileSchema).optional(),
});

export type QuoteRequestDetail = z.infer<typeof quoteRequestDetailSchema>;

/** GET /api/quote-requests/me: a page (decision 104), optionally of one status in the client's words. */
export const myQuoteRequestsQuerySchema = pageQuerySchema.extend({
  status: oneOf("status", ["open", "matched", "closed"]).optional(),
});
export type MyQuoteRequestsQuery = z.infer<typeof myQuoteRequestsQuerySchema>;

/**
 * GET /api/quote-requests/me/summary: the client's figures counted by the database, so that the
 * dashboard, the welcome page and the reports show every request whatever page the list is on.
 */
export const quoteRequestSummaryCountsSchema = z.object({
  total: z.number().int(),
  byStatus: countsOf(QUOTE_REQUEST_STATUSES),
  /** Estimated hours a year over the requests still wanted (not cancelled), and how many have an estimate. */
  hoursSavedPerYear: z.number().int(),
  withEstimate: z.number().int(),
});
export type QuoteRequestSummaryCounts = z.infer<typeof quoteRequestSummaryCountsSchema>;

export const quoteRequestIdParamsSchema = z.object({
  id: z.coerce.number().int().positive().max(ID_MAX),
});
