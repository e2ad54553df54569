// Leads (a quote request delivered to one provider company by matching), the provider's quotes as
// read on the dashboard, and access to leads. DESIGN.md "Words", "Matching" and "Providers".
import { z } from "zod";
import { labelledOptions } from "./labelled-options";
import { type QuoteRequestDetail, quoteRequestDetailSchema } from "./quote-requests";
import { reasonWithNote } from "./text-fields";

/** `declined`: the provider turned the lead down; the request then goes to the next best provider. */
export type LeadStatus = (typeof LEAD_STATUSES)[number];
export const { values: LEAD_STATUSES, labels: LEAD_STATUS_LABELS } = labelledOptions({
  new: "New",
  viewed: "Viewed",
  quoted: "Quoted",
  closed: "Closed",
  declined: "Declined",
});

/** Why a provider turns a lead down (issue 16). */
export type LeadDeclineReason = (typeof LEAD_DECLINE_REASONS)[number];
export const { values: LEAD_DECLINE_REASONS, labels: LEAD_DECLINE_REASON_LABELS } = labelledOptions({
  not_fit: "Not a fit for our services",
  too_small: "Too small for us",
  no_capacity: "No capacity right now",
  other: "Other",
});
export const LEAD_DECLINE_NOTE_MAX = 500;

/** POST /api/leads/{id}/decline */
export const declineLeadSchema = reasonWithNote(LEAD_DECLINE_REASONS, "declining this lead", LEAD_DECLINE_NOTE_MAX);
export type DeclineLeadInput = z.infer<typeof declineLeadSchema>;

/** Fewer eligible providers than this for a request raises an alert. */
export const MIN_ELIGIBLE_PROVIDERS = 2;

export const scorePartSchema = z.object({
  part: z.string(),
  points: z.number(),
  max: z.number(),
  reason: z.string(),
});

/** Spec section 3, "Lead record (provider side)". */
export const leadSummarySchema = z.object({
  id: z.number().int(),
  status: z.enum(LEAD_STATUSES),
  matchScore: z.number().int(),
  createdAt: z.string(),
  quoteRequestId: z.number().int(),
  title: z.string(),
  /** Not in the spec (decision 172): the client asked this provider from its profile. */
  invited: z.boolean().optional(),
});
export type LeadSummary = z.infer<typeof leadSummarySchema>;

export const leadDetailSchema = leadSummarySchema.extend({
  scoreParts: z.array(scorePartSchema),
  viewedAt: z.string().nullable(),
  request: quoteRequestDetailSchema,
  /** Set once the provider declined the lead (status `declined`): its own reason and note, for itself. */
  declineReason: z.enum(LEAD_DECLINE_REASONS).nullable().optional(),
  declineNote: z.string().nullable().optional(),
  declinedAt: z.string().nullable().optional(),
});
export type LeadDetail = Omit<z.infer<typeof leadDetailSchema>, "request"> & { request: QuoteRequestDetail };

/** Why a provider can or cannot see leads right now. */
export const leadAccessSchema = z.object({
  hasAccess: z.boolean(),
  companyStatus: z.enum(["none", "pending", "approved", "rejected", "changes_requested"]),
  subscriptionStatus: z.string().nullable(),
  reason: z.string().nullable(),
});
export type LeadAccess = z.infer<typeof leadAccessSchema>;
