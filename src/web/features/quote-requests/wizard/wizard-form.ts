// The wizard's form state: what the inputs hold before the shared schema has checked it, and its
// draft in sessionStorage, so that a reload or Previous/Next loses nothing until the request is sent.
import type { FieldErrors, Resolver } from "react-hook-form";
import { WIZARD_STEPS } from "@/shared/quote-request-limits";
import type {
  Budget,
  Frequency,
  Goal,
  HasDocumentation,
  Industry,
  LocationPreference,
  RequiresNda,
  System,
  SystemType,
  Timeline,
  TriggerType,
  Workplace,
} from "@/shared/quote-request-options";
import { wizardSchema } from "@/shared/quote-requests";
import type { TimePerTask, Volume } from "@/shared/volume-and-time";
import { sessionItem } from "./session-item";

export type WizardFormValues = {
  fullName: string;
  email: string;
  companyName: string;
  industry: Industry | "";
  department: string;
  location: string;
  /** ISO code, or "" when not given. */
  country: string;
  processName: string;
  processDescription: string;
  goals: Goal[];
  frequency: Frequency | "";
  volume: Volume | undefined;
  timePerTask: TimePerTask | undefined;
  systems: System[];
  systemTypes: SystemType[];
  triggerType: TriggerType | "";
  tasksToAutomate: string;
  manualTasks: string;
  exceptions: string;
  hasDocumentation: HasDocumentation | "";
  timeline: Timeline | "";
  budget: Budget | "";
  requiresNDA: RequiresNda | "";
  locationPreference: LocationPreference | "";
  workplace: Workplace | "";
  additionalInfo: string;
  consent: boolean;
};

export function emptyWizardValues(prefill: { fullName?: string; email?: string } = {}): WizardFormValues {
  return {
    fullName: prefill.fullName ?? "",
    email: prefill.email ?? "",
    companyName: "",
    industry: "",
    department: "",
    location: "",
    country: "",
    processName: "",
    processDescription: "",
    goals: [],
    frequency: "",
    volume: undefined,
    timePerTask: undefined,
    systems: [],
    systemTypes: [],
    triggerType: "",
    tasksToAutomate: "",
    manualTasks: "",
    exceptions: "",
    hasDocumentation: "",
    timeline: "",
    budget: "",
    requiresNDA: "",
    locationPreference: "",
    workplace: "",
    additionalInfo: "",
    consent: false,
  };
}

/**
 * The form's values as the shared schemas read them: an optional choice left unanswered is absent (the
 * radios hold "" until one is picked, so that the draft keeps the field's type).
 */
export function toWizardInput(values: WizardFormValues) {
  return { ...values, workplace: values.workplace || undefined };
}

/** The shared whole-wizard schema as the form's resolver: the messages are section 5's, written once. */
export const wizardResolver: Resolver<WizardFormValues> = async (values) => {
  const result = wizardSchema.safeParse(toWizardInput(values));
  if (result.success) return { values, errors: {} };
  const errors: Record<string, { type: string; message: string }> = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? "");
    errors[field] ??= { type: issue.code, message: issue.message };
  }
  return { values: {}, errors: errors as FieldErrors<WizardFormValues> };
};

// ---------------------------------------------------------------------------------------------
// Draft in sessionStorage: per user, per tab, gone when the request is sent (decision 015)
// ---------------------------------------------------------------------------------------------

export type WizardDraft = { step: number; values: WizardFormValues };

const drafts = sessionItem("automatch:quote-request-draft");

function sameShape(value: unknown, like: unknown): boolean {
  if (Array.isArray(like)) return Array.isArray(value) && value.every((v) => typeof v === "string");
  if (like === undefined) return value === undefined || (typeof value === "object" && value !== null);
  return typeof value === typeof like;
}

/** A stored draft, field by field: anything of the wrong shape falls back to the empty value. */
export function loadDraft(userId: number, empty: WizardFormValues): WizardDraft | null {
  const parsed = drafts.read(userId);
  if (typeof parsed !== "object" || parsed === null) return null;
  const { step, values } = parsed as { step?: unknown; values?: unknown };
  if (typeof values !== "object" || values === null) return null;
  const stored = values as Record<string, unknown>;
  const merged: Record<string, unknown> = { ...empty };
  for (const [key, like] of Object.entries(empty)) {
    if (key in stored && sameShape(stored[key], like)) merged[key] = stored[key];
  }
  const safeStep = typeof step === "number" && Number.isInteger(step) && step >= 1 && step <= WIZARD_STEPS ? step : 1;
  return { step: safeStep, values: merged as WizardFormValues };
}

/** Kept across a reload; without storage the wizard still works, it only forgets on reload. */
export const saveDraft = (userId: number, draft: WizardDraft): void => drafts.save(userId, draft);

export const clearDraft = (userId: number): void => drafts.clear(userId);
