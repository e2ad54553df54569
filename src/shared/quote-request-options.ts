// What a client chooses from in the quote request wizard (spec section 3), with the labels the pages
// show. The volume and the time per task, which have units of their own, are in volume-and-time.ts.
import { labelledOptions } from "./labelled-options";

export type Industry = (typeof INDUSTRIES)[number];
export const { values: INDUSTRIES, labels: INDUSTRY_LABELS } = labelledOptions({
  finance: "Finance",
  healthcare: "Healthcare",
  retail: "Retail",
  legal: "Legal",
  tech: "Technology",
  manufacturing: "Manufacturing",
  other: "Other",
});

export const GOALS = [
  "Save time",
  "Reduce errors",
  "Cut costs",
  "Improve compliance",
  "Scale operations",
  "Other",
] as const;
export type Goal = (typeof GOALS)[number];

export type Frequency = (typeof FREQUENCIES)[number];
export const { values: FREQUENCIES, labels: FREQUENCY_LABELS } = labelledOptions({
  daily: "Daily",
  weekly: "Weekly",
  monthly: "Monthly",
  adhoc: "Ad hoc (when needed)",
});

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

export type TriggerType = (typeof TRIGGER_TYPES)[number];
export const { values: TRIGGER_TYPES, labels: TRIGGER_TYPE_LABELS } = labelledOptions({
  manual: "Manual: someone starts it",
  event: "Event: an email, a file or a form arrives",
  scheduled: "Scheduled: at set times",
});

export type HasDocumentation = (typeof HAS_DOCUMENTATION)[number];
export const { values: HAS_DOCUMENTATION, labels: HAS_DOCUMENTATION_LABELS } = labelledOptions({
  yes: "Yes",
  no: "No",
  "in-progress": "In progress",
});

export type Timeline = (typeof TIMELINES)[number];
export const { values: TIMELINES, labels: TIMELINE_LABELS } = labelledOptions({
  asap: "As soon as possible",
  "1-3months": "1-3 months",
  "3-6months": "3-6 months",
  "6+months": "6+ months",
  "no-deadline": "No deadline",
});

export const BUDGETS = ["<$5k", "$5k-$15k", "$15k-$30k", "$30k-$50k", "$50k+"] as const;
export type Budget = (typeof BUDGETS)[number];
/** Spec section 5: sent as budgetRange when the wizard's budget is empty. */
export const BUDGET_NOT_SPECIFIED = "Not specified";
export const BUDGET_RANGES = [...BUDGETS, BUDGET_NOT_SPECIFIED] as const;

export type RequiresNda = (typeof REQUIRES_NDA)[number];
export const { values: REQUIRES_NDA, labels: REQUIRES_NDA_LABELS } = labelledOptions({
  yes: "Yes",
  no: "No",
});

/**
 * Not in the spec (issue 32, decision 171): whether the work needs someone on site, so that a provider
 * taking remote work only is not sent it. Optional; unanswered reads as remote.
 */
export type Workplace = (typeof WORKPLACES)[number];
export const { values: WORKPLACES, labels: WORKPLACE_LABELS } = labelledOptions({
  remote: "No, it can be done remotely",
  "on-site": "Yes, someone must work on site",
});

export type LocationPreference = (typeof LOCATION_PREFERENCES)[number];
export const { values: LOCATION_PREFERENCES, labels: LOCATION_PREFERENCE_LABELS } = labelledOptions({
  "us-only": "US-based providers only",
  global: "Providers anywhere",
  "no-preference": "No preference",
});
