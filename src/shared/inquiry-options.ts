// The choices of the public forms (spec sections 3 and 5), apart from their zod schemas in inquiries.ts:
// the landing's form shows them on first load, and zod loads only once the form is used (decision 120).
import { selectOptions } from "./labelled-options";

export const landingBudgetOptions = selectOptions({
  "under-10k": "Under $10,000",
  "10k-50k": "$10,000 - $50,000",
  "50k-100k": "$50,000 - $100,000",
  "100k-500k": "$100,000 - $500,000",
  "over-500k": "Over $500,000",
});

export const preQualificationBudgetOptions = selectOptions({
  "under-25k": "Under $25,000",
  "25k-50k": "$25,000 - $50,000",
  "50k-100k": "$50,000 - $100,000",
  "100k-250k": "$100,000 - $250,000",
  "250k-500k": "$250,000 - $500,000",
  "over-500k": "Over $500,000",
});

export const INQUIRY_SOURCES = ["landing", "pre-qualification"] as const;
export type InquirySource = (typeof INQUIRY_SOURCES)[number];

export const budgetOptionsFor = (source: InquirySource) =>
  source === "landing" ? landingBudgetOptions : preQualificationBudgetOptions;

/**
 * The form a body came from when it does not say: a budget only the pre-qualification form offers
 * ("under-25k", "25k-50k", "100k-250k", "250k-500k") means that form; anything else, the landing form.
 */
export function budgetSource(budget: string | undefined): InquirySource {
  const landing: readonly string[] = landingBudgetOptions.map((o) => o.value);
  const preQualification: readonly string[] = preQualificationBudgetOptions.map((o) => o.value);
  return budget && preQualification.includes(budget) && !landing.includes(budget) ? "pre-qualification" : "landing";
}

/** A budget value as the form showed it ("under-25k" → "Under $25,000"); an unknown one as stored. */
export function budgetLabel(value: string): string {
  const all: readonly { value: string; label: string }[] = [...landingBudgetOptions, ...preQualificationBudgetOptions];
  return all.find((o) => o.value === value)?.label ?? value;
}
