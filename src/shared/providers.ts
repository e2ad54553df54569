// The trust pages (issue 17): a public profile per approved provider at /providers/{slug} and the
// directory at /providers, their API contracts, the profile fields a provider edits in Settings
// (slug, industries served, case studies) and the figures computed from the marketplace's data.
import { z } from "zod";
import { COMPANY_SIZES, PROVIDER_INDUSTRIES } from "./companies";
import { idParams } from "./ids";
import { labelledOptions } from "./labelled-options";
import { pageOf } from "./paging";
import { INDUSTRIES } from "./quote-request-options";
import { publicReviewSchema, reviewOutcomeCountsSchema } from "./reviews";
import { PROVIDER_SPECIALTIES } from "./specialties";
import { boundedText } from "./text-fields";
import { VERIFIABLE_DOCUMENT_KINDS } from "./vetting";

// ---------------------------------------------------------------------------------------------
// Slugs: the address of a profile. New companies get one from their name, written by the database
// (migration 0017: lowercase letters and digits, anything else a hyphen; the name's slug when free,
// else with the company id); the provider may change it in Settings.
export const SLUG_MIN = 3;
export const SLUG_MAX = 60;
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const SLUG_MESSAGE = `Use ${SLUG_MIN}-${SLUG_MAX} lowercase letters, digits and single hyphens (no hyphen at either end)`;
export const SLUG_TAKEN_MESSAGE = "That address is taken: choose another";
/** Days an address a company gave up stays closed to other companies (decision 149). */
export const SLUG_HOLD_DAYS = 90;
export const PROFILE_ADDRESS_HINT = `Lowercase letters, digits and hyphens. Links to your old address stop working when you change it; the old address stays reserved for you for ${SLUG_HOLD_DAYS} days. A new address of an approved company shows without the Verified badge until our team approves it.`;
export const PROFILE_CHANGE_UNDER_REVIEW_BADGE = "New name or address under review: no Verified badge until approved";
export const SLUG_HELD_MESSAGE = `That address belonged to another company until recently and stays reserved for ${SLUG_HOLD_DAYS} days: choose another`;

export const slugSchema = z
  .string({ error: SLUG_MESSAGE })
  .trim()
  .toLowerCase()
  .min(SLUG_MIN, SLUG_MESSAGE)
  .max(SLUG_MAX, SLUG_MESSAGE)
  .regex(SLUG_PATTERN, SLUG_MESSAGE);

export const slugParamsSchema = z.object({
  slug: z
    .string()
    .trim()
    .toLowerCase()
    .min(1)
    .max(SLUG_MAX + 20, "No provider has this address"),
});

// ---------------------------------------------------------------------------------------------
// What the provider edits in Settings beside the company form.

/** PATCH /api/companies/me/public-profile: either field or both; a field left out keeps its value. */
export const publicProfileInputSchema = z
  .strictObject({
    slug: slugSchema.optional(),
    /** The client industries (the wizard's list) the provider serves; the directory filters on them. */
    industriesServed: z
      .array(z.enum(INDUSTRIES, { error: "Choose industries from the list" }))
      .max(INDUSTRIES.length, `Select at most ${INDUSTRIES.length} industries`)
      .refine((list) => new Set(list).size === list.length, "Each industry can be selected once")
      .optional(),
  })
  .refine((v) => v.slug !== undefined || v.industriesServed !== undefined, "Send a slug or industries served");
export type PublicProfileInput = z.infer<typeof publicProfileInputSchema>;

export const publicProfileSettingsSchema = z.object({
  slug: z.string(),
  industriesServed: z.array(z.enum(INDUSTRIES)),
  /** Whether /providers/{slug} is public now: the company is approved and its owner not suspended. */
  isPublic: z.boolean(),
  /** An approved company whose name or address changed since an admin verified it (decision 149). */
  changeUnderReview: z.boolean().optional(),
});
export type PublicProfileSettings = z.infer<typeof publicProfileSettingsSchema>;

export const CASE_STUDIES_MAX = 10;
export const CASE_STUDY_TITLE_MAX = 120;
export const CASE_STUDY_TEXT_MIN = 20;
export const CASE_STUDY_TEXT_MAX = 2000;
export const CASE_STUDY_FIGURES_MAX = 4;
export const CASE_STUDY_FIGURE_LABEL_MAX = 60;
export const CASE_STUDY_FIGURE_VALUE_MAX = 40;
export const CASE_STUDIES_FULL_MESSAGE = `A profile holds at most ${CASE_STUDIES_MAX} case studies: delete one first`;

const caseStudyText = (field: string) => boundedText(field, { min: CASE_STUDY_TEXT_MIN, max: CASE_STUDY_TEXT_MAX });

/** One result in numbers, e.g. { label: "Hours saved a month", value: "120" }. */
export const caseStudyFigureSchema = z.strictObject({
  label: z
    .string({ error: "Each figure needs a label" })
    .trim()
    .min(1, "Each figure needs a label")
    .max(CASE_STUDY_FIGURE_LABEL_MAX, `A figure's label must be at most ${CASE_STUDY_FIGURE_LABEL_MAX} characters`),
  value: z
    .string({ error: "Each figure needs a value" })
    .trim()
    .min(1, "Each figure needs a value")
    .max(CASE_STUDY_FIGURE_VALUE_MAX, `A figure's value must be at most ${CASE_STUDY_FIGURE_VALUE_MAX} characters`),
});
export type CaseStudyFigure = z.infer<typeof caseStudyFigureSchema>;

/** POST /api/companies/me/case-studies and PUT /api/companies/me/case-studies/:id. */
export const caseStudyInputSchema = z.strictObject({
  title: z
    .string({ error: "Title is required" })
    .trim()
    .min(3, "Title must be at least 3 characters")
    .max(CASE_STUDY_TITLE_MAX, `Title must be at most ${CASE_STUDY_TITLE_MAX} characters`),
  industry: z.enum(INDUSTRIES, { error: "Choose the client's industry" }),
  problem: caseStudyText("Problem"),
  solution: caseStudyText("Solution"),
  result: caseStudyText("Result"),
  figures: z
    .array(caseStudyFigureSchema)
    .max(CASE_STUDY_FIGURES_MAX, `Add at most ${CASE_STUDY_FIGURES_MAX} figures`)
    .optional(),
});
export type CaseStudyInput = z.infer<typeof caseStudyInputSchema>;

export const caseStudySchema = z.object({
  id: z.number().int(),
  title: z.string(),
  industry: z.enum(INDUSTRIES),
  problem: z.string(),
  solution: z.string(),
  result: z.string(),
  figures: z.array(z.object({ label: z.string(), value: z.string() })),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type CaseStudy = z.infer<typeof caseStudySchema>;

export const caseStudyIdParamsSchema = idParams("a case study id");

// ---------------------------------------------------------------------------------------------
// Figures computed from the data, kept on the company row (src/server/features/companies/stats.ts)
// so that the directory reads one table.

export const providerFiguresSchema = z.object({
  /** Requests the company answered with a quote (a withdrawn quote does not count). */
  requestsQuoted: z.number().int(),
  /** Accepted quotes. */
  hires: z.number().int(),
  /** Median minutes from a lead's delivery to the provider's first answer (a message or a quote); null before any. */
  medianResponseMinutes: z.number().int().nullable(),
});

export const ratingSummarySchema = z.object({
  /** The mean of the visible reviews' ratings, two decimals; null without reviews. */
  average: z.number().nullable(),
  count: z.number().int(),
});

// ---------------------------------------------------------------------------------------------
// The directory: GET /api/providers.

export type DirectorySort = (typeof DIRECTORY_SORTS)[number];
export const { values: DIRECTORY_SORTS, labels: DIRECTORY_SORT_LABELS } = labelledOptions({
  rating: "Highest rated",
  reviews: "Most reviewed",
  hires: "Most hires",
  newest: "Newest members",
  name: "Name (A-Z)",
});
export const DIRECTORY_PAGE_SIZE = 12;
export const MIN_RATINGS = [1, 2, 3, 4, 5] as const;

export const directoryQuerySchema = z.object({
  specialty: z.enum(PROVIDER_SPECIALTIES, { error: "Choose a specialty from the list" }).optional(),
  industry: z.enum(INDUSTRIES, { error: "Choose an industry from the list" }).optional(),
  country: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, "Choose a country from the list")
    .optional(),
  /** Providers rated at least this (1-5); providers without reviews are left out when given. */
  minRating: z.coerce
    .number({ error: "minRating must be a whole number from 1 to 5" })
    .int("minRating must be a whole number from 1 to 5")
    .min(1, "minRating must be a whole number from 1 to 5")
    .max(5, "minRating must be a whole number from 1 to 5")
    .optional(),
  sort: z.enum(DIRECTORY_SORTS, { error: `sort must be one of: ${DIRECTORY_SORTS.join(", ")}` }).optional(),
  cursor: z.string().trim().min(1).max(200, "The cursor is not one this list gave out.").optional(),
  /** `1`: the answer also carries `facets` (decision 157). */
  facets: z.literal("1", { error: "facets must be 1" }).optional(),
});
export type DirectoryQuery = z.infer<typeof directoryQuerySchema>;

/** What the directory's cards and the profile both show of a provider. */
const providerFactsSchema = z.object({
  slug: z.string(),
  name: z.string(),
  industry: z.enum(PROVIDER_INDUSTRIES),
  industriesServed: z.array(z.enum(INDUSTRIES)),
  specialties: z.array(z.string()),
  location: z.string(),
  country: z.string().nullable(),
  size: z.enum(COMPANY_SIZES),
  /** Approved by the marketplace: every listed provider is, the badge says so. */
  verified: z.boolean(),
  /** When the marketplace approved the company (its registration date before that). */
  memberSince: z.string(),
  figures: providerFiguresSchema,
});

export const directoryEntrySchema = providerFactsSchema.extend({
  /** The description's first 200 characters, cut at a word. */
  summary: z.string(),
  rating: ratingSummarySchema,
});
export type DirectoryEntry = z.infer<typeof directoryEntrySchema>;

/** One value of a filter that listed providers have, and how many of them have it. */
export const directoryFacetSchema = z.object({ value: z.string(), count: z.number().int() });
export type DirectoryFacet = z.infer<typeof directoryFacetSchema>;

/**
 * The values the directory's filters can offer (decision 157): only those listed providers have, each
 * counted under the other filters chosen (a filter's own choice left out, so its other values stay
 * offered), most providers first.
 */
export const directoryFacetsSchema = z.object({
  specialties: z.array(directoryFacetSchema),
  industries: z.array(directoryFacetSchema),
  countries: z.array(directoryFacetSchema),
});
export type DirectoryFacets = z.infer<typeof directoryFacetsSchema>;

export const directoryPageSchema = pageOf(directoryEntrySchema).extend({
  /** How many providers the filters leave (the directory shows "N providers"). */
  total: z.number().int(),
  /** Asked with `facets=1`. */
  facets: directoryFacetsSchema.optional(),
});
export type DirectoryPage = z.infer<typeof directoryPageSchema>;

// ---------------------------------------------------------------------------------------------
// The public profile: GET /api/providers/:slug.

export const REVIEWS_PAGE_SIZE = 10;

export const providerProfileSchema = providerFactsSchema.extend({
  description: z.string(),
  website: z.string().nullable(),
  rating: ratingSummarySchema.extend({ outcomes: reviewOutcomeCountsSchema }),
  /** What an admin verified on approval (decision 177), which the badge names; empty: the plain badge. */
  verifiedDocuments: z.array(z.enum(VERIFIABLE_DOCUMENT_KINDS)),
  caseStudies: z.array(caseStudySchema),
  /** The first page of visible reviews, newest first; GET /api/providers/:slug/reviews?cursor= pages on. */
  reviews: pageOf(publicReviewSchema),
  /**
   * True when the owner reads a profile that is not public yet (pending or rejected company): the
   * preview of Settings. Everyone else gets 404 for such a profile.
   */
  preview: z.boolean(),
});
export type ProviderProfilePage = z.infer<typeof providerProfileSchema>;

export const reviewPageSchema = pageOf(publicReviewSchema);
export type ReviewPage = z.infer<typeof reviewPageSchema>;
