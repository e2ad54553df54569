// How the wizard walks through its six steps (spec screen 4, section 5): each step's title, the button
// that leads on, and which answers must be there before Next moves on. The steps' schemas, with the
// spec's messages, are the shared contract (src/shared/quote-requests.ts); this is the browser's alone.
import { WIZARD_STEP_SCHEMAS, type WizardField } from "@/shared/quote-requests";

export const WIZARD_STEP_TITLES = [
  "About You",
  "Your Process",
  "Your Systems",
  "What Needs Automating",
  "Timeline & Budget",
  "Final Preferences",
] as const;
/** Spec screen 4: the Next button of step N names step N + 1. */
export const WIZARD_NEXT_LABELS = [
  "Next: Your Process",
  "Next: Your Systems",
  "Next: What Needs Automating",
  "Next: Timeline & Budget",
  "Next: Final Preferences",
] as const;
export const SUBMIT_LABEL = "Submit My Request";
export const SUBMITTING_LABEL = "Submitting...";

/** Spec section 5: the fields whose presence gates Next, per step. */
export const WIZARD_REQUIRED_FIELDS: readonly (readonly WizardField[])[] = [
  ["fullName", "email", "companyName", "industry", "location"],
  ["processName", "processDescription", "goals", "frequency"],
  ["systems", "systemTypes", "triggerType"],
  ["tasksToAutomate"],
  ["hasDocumentation", "timeline"],
  ["requiresNDA", "locationPreference", "consent"],
];

/** Every field of a step (1-based), for showing that step's messages at once. */
export function wizardStepFields(step: number): WizardField[] {
  const schema = WIZARD_STEP_SCHEMAS[step - 1];
  return schema ? (Object.keys(schema.shape) as WizardField[]) : [];
}

function isPresent(value: unknown): boolean {
  if (Array.isArray(value)) return value.length > 0;
  if (typeof value === "string") return value.trim().length > 0;
  if (typeof value === "boolean") return value;
  return value !== undefined && value !== null;
}

/** Spec section 5: Next-step gating by required presence only. */
export function isStepFilled(step: number, data: Partial<Record<WizardField, unknown>>): boolean {
  const required = WIZARD_REQUIRED_FIELDS[step - 1] ?? [];
  return required.every((f) => isPresent(data[f]));
}
