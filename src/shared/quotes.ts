// Quotes: a provider's answer to a lead, and the client's choice between them (DESIGN.md "Providers"
// and "Clients"; decisions 070-073). One contract for the quote form and the API body, the shapes the
// pages read, and the arithmetic of the first-year cost and the win rate.
import { z } from "zod";
import { COMPANY_SIZES } from "./companies";
import { countsOf } from "./counts";
import { fileIdsSchema, storedFileSchema } from "./files";
import { ID_MAX } from "./ids";
import { labelledOptions } from "./labelled-options";
import { pipelineStagesSchema } from "./pipeline";
import { ratingSummarySchema } from "./providers";
import { reviewOutcomeCountsSchema } from "./reviews";

export type QuoteStatus = (typeof QUOTE_STATUSES)[number];
export const { values: QUOTE_STATUSES, labels: QUOTE_STATUS_LABELS } = labelledOptions({
  submitted: "Pending",
  accepted: "Accepted",
  declined: "Declined",
  withdrawn: "Withdrawn",
});

/** Whole US dollars: quotes for automation projects are not priced in cents. */
export const QUOTE_AMOUNT_MIN = 1;
export const QUOTE_AMOUNT_MAX = 10_000_000;
export const QUOTE_MONTHLY_MAX = 1_000_000;
export const QUOTE_TIMELINE_MIN = 2;
export const QUOTE_TIMELINE_MAX = 100;
export const QUOTE_MESSAGE_MIN = 20;
export const QUOTE_MESSAGE_MAX = 5000;

/** The optional breakdown, each kind at most once, each billed once or every month (decision 070). */
export type LineItemKind = (typeof LINE_ITEM_KINDS)[number];
export const { values: LINE_ITEM_KINDS, labels: LINE_ITEM_LABELS } = labelledOptions({
  discovery: "Discovery",
  build: "Build",
  licences: "Licences (first year)",
  hosting: "Hosting (monthly)",
  maintenance: "Maintenance (monthly)",
});
export type LineItemBilling = "one-off" | "monthly";
export const LINE_ITEM_BILLING: Record<LineItemKind, LineItemBilling> = {
  discovery: "one-off",
  build: "one-off",
  licences: "one-off",
  hosting: "monthly",
  maintenance: "monthly",
};

const dollars = (field: string, max: number) =>
  z
    .number({ error: `Enter the ${field} in whole US dollars.` })
    .int(`Enter the ${field} in whole US dollars.`)
    .min(QUOTE_AMOUNT_MIN, `The ${field} must be at least $${QUOTE_AMOUNT_MIN}.`)
    .max(max, `The ${field} can be at most $${max.toLocaleString("en-US")}.`);

const lineItemShape = Object.fromEntries(
  LINE_ITEM_KINDS.map((kind) => [
    kind,
    dollars(
      `${LINE_ITEM_LABELS[kind].toLowerCase()} amount`,
      LINE_ITEM_BILLING[kind] === "monthly" ? QUOTE_MONTHLY_MAX : QUOTE_AMOUNT_MAX,
    ).optional(),
  ]),
) as Record<LineItemKind, z.ZodOptional<z.ZodNumber>>;

export const quoteLineItemsInputSchema = z.strictObject(lineItemShape);
export type QuoteLineItemsInput = z.infer<typeof quoteLineItemsInputSchema>;

/** The sum of the one-off items given, or null when none is given. */
export function oneOffItemsTotal(items: QuoteLineItemsInput | undefined): number | null {
  const given = LINE_ITEM_KINDS.filter((k) => LINE_ITEM_BILLING[k] === "one-off" && items?.[k] !== undefined);
  if (given.length === 0) return null;
  return given.reduce((sum, k) => sum + (items?.[k] ?? 0), 0);
}

/**
 * The quote form and `POST /api/leads/{id}/quote` / `PUT /api/quotes/{id}`: amounts in whole dollars.
 * The amount is the one-off project price; one-off line items, when given, must add up to it.
 */
export const quoteInputSchema = z
  .strictObject({
    amount: dollars("amount", QUOTE_AMOUNT_MAX),
    timeline: z
      .string({ error: "Say how long the project takes." })
      .trim()
      .min(QUOTE_TIMELINE_MIN, "Say how long the project takes, e.g. 6 weeks.")
      .max(QUOTE_TIMELINE_MAX, `The timeline can be at most ${QUOTE_TIMELINE_MAX} characters.`),
    message: z
      .string({ error: "Write a message to the client." })
      .trim()
      .min(QUOTE_MESSAGE_MIN, `Tell the client how you would do it (at least ${QUOTE_MESSAGE_MIN} characters).`)
      .max(QUOTE_MESSAGE_MAX, `The message can be at most ${QUOTE_MESSAGE_MAX} characters.`),
    lineItems: quoteLineItemsInputSchema.optional(),
    /** A proposal and other documents uploaded beforehand (POST /api/files, decision 176). */
    fileIds: fileIdsSchema.optional(),
  })
  .superRefine((value, ctx) => {
    const oneOff = oneOffItemsTotal(value.lineItems);
    if (oneOff !== null && oneOff !== value.amount) {
      ctx.addIssue({
        code: "custom",
        path: ["lineItems"],
        message: `The one-off line items (discovery, build, licences) add up to $${oneOff.toLocaleString("en-US")}; they must equal the amount of $${value.amount.toLocaleString("en-US")}.`,
      });
    }
  });
export type QuoteInput = z.infer<typeof quoteInputSchema>;

export type StoredLineItem = { kind: LineItemKind; amountCents: number };

export function toStoredLineItems(items: QuoteLineItemsInput | undefined): StoredLineItem[] {
  return LINE_ITEM_KINDS.flatMap((kind) => {
    const amount = items?.[kind];
    return amount === undefined ? [] : [{ kind, amountCents: amount * 100 }];
  });
}

/** Decision 070: the one-off price plus twelve months of every monthly item. */
export function firstYearTotalCents(amountCents: number, items: StoredLineItem[]): number {
  const monthly = items
    .filter((i) => LINE_ITEM_BILLING[i.kind] === "monthly")
    .reduce((sum, i) => sum + i.amountCents, 0);
  return amountCents + 12 * monthly;
}

export type DeclineReason = (typeof DECLINE_REASONS)[number];
export const { values: DECLINE_REASONS, labels: DECLINE_REASON_LABELS } = labelledOptions({
  "client-declined": "The client declined this quote.",
  "other-accepted": "The client hired another provider.",
  "request-cancelled": "The client cancelled the request.",
  "admin-cancelled": "The marketplace cancelled the request.",
  "admin-completed": "The marketplace closed the request.",
});

export const quoteLineItemSchema = z.object({
  kind: z.enum(LINE_ITEM_KINDS),
  amountCents: z.number().int(),
  billing: z.enum(["one-off", "monthly"]),
});

/** A quote as its provider and the client read it. */
export const quoteSchema = z.object({
  id: z.number().int(),
  leadId: z.number().int(),
  quoteRequestId: z.number().int(),
  status: z.enum(QUOTE_STATUSES),
  amountCents: z.number().int(),
  timeline: z.string(),
  message: z.string(),
  lineItems: z.array(quoteLineItemSchema),
  totalFirstYearCents: z.number().int(),
  declineReason: z.enum(DECLINE_REASONS).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  decidedAt: z.string().nullable(),
  /** The proposal and other documents sent with it (decision 176). */
  files: z.array(storedFileSchema).optional(),
});
export type Quote = z.infer<typeof quoteSchema>;

/** The provider's side of a lead: its live quote (pending, accepted or declined), or none. */
export const leadQuoteSchema = z.object({ quote: quoteSchema.nullable(), canQuote: z.boolean() });
export type LeadQuote = z.infer<typeof leadQuoteSchema>;

/** What the client compares (DESIGN.md "Clients"): the quote, who sent it and how well it matched. */
export const clientQuoteSchema = quoteSchema.extend({
  matchScore: z.number().int(),
  provider: z.object({
    name: z.string(),
    size: z.enum(COMPANY_SIZES),
    specialties: z.array(z.string()),
    location: z.string(),
    website: z.string().nullable(),
    // Added for the comparison (issue 17, decision 142): a client of the spec's answer ignores them.
    /** The public profile's address: providerPath(slug). */
    slug: z.string(),
    /** The provider's visible reviews (hidden ones left out): average and count, and their outcomes. */
    rating: ratingSummarySchema,
    outcomes: reviewOutcomeCountsSchema,
    /** Accepted quotes, on any request. */
    hires: z.number().int(),
    /**
     * Whether the profile at providerPath(slug) is public: false for a provider not approved or whose
     * owner is suspended or deleted, whose profile answers 404, so no link to it is shown (decision 151).
     * Optional: absent, a reader assumes public, as before.
     */
    profilePublic: z.boolean().optional(),
  }),
});
export type ClientQuote = z.infer<typeof clientQuoteSchema>;

export const quoteIdParamsSchema = z.object({ id: z.coerce.number().int().positive().max(ID_MAX) });

// ---------------------------------------------------------------------------------------------
// Provider analytics (decision 072)
// ---------------------------------------------------------------------------------------------

export const ANALYTICS_MONTHS = 6;

export const providerAnalyticsSchema = z.object({
  pipeline: countsOf(["leads", "viewed", "quoted", "won", "lost"]),
  /** The funnel of every lead received (decision 133). */
  stages: pipelineStagesSchema,
  /** Leads not opened yet: the dashboards' "New Leads" and "Available Leads", counted, not listed. */
  newLeads: z.number().int(),
  /**
   * Leads by how they came (decision 172): invited by a client from the profile, or chosen by matching;
   * with the hires (accepted quotes) each brought.
   */
  bySource: z.object({
    invited: z.object({ leads: z.number().int(), won: z.number().int() }),
    matched: z.object({ leads: z.number().int(), won: z.number().int() }),
  }),
  quotesSent: z.number().int(),
  quotesAccepted: z.number().int(),
  winRate: z.number().int(),
  /** Oldest first; each month counts the quotes sent in it and how many of those were accepted. */
  months: z.array(
    z.object({
      month: z.string(),
      sent: z.number().int(),
      accepted: z.number().int(),
      winRate: z.number().int().nullable(),
    }),
  ),
});
export type ProviderAnalytics = z.infer<typeof providerAnalyticsSchema>;

/** Spec sections 6 and 9: accepted / sent, rounded to a whole percent; 0 when nothing was sent. */
export function winRatePercent(accepted: number, sent: number): number {
  return sent === 0 ? 0 : Math.round((accepted / sent) * 100);
}

/** The win rate of a provider's quotes as the dashboard reads them: a withdrawn quote was never sent. */
export function winRate(quotes: { status: QuoteStatus }[]): number {
  const sent = quotes.filter((q) => q.status !== "withdrawn").length;
  return winRatePercent(quotes.filter((q) => q.status === "accepted").length, sent);
}

/** "2026-03" for the last `count` months up to the given date's month (UTC), oldest first. */
export function lastMonths(now: Date, count: number = ANALYTICS_MONTHS): string[] {
  const out: string[] = [];
  for (let i = count - 1; i >= 0; i--) {
    const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - i, 1));
    out.push(`${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, "0")}`);
  }
  return out;
}

export function formatUsd(cents: number): string {
  return (cents / 100).toLocaleString("en-US", {
    style: "currency",
    currency: "USD",
    maximumFractionDigits: cents % 100 === 0 ? 0 : 2,
  });
}
