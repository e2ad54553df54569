// Provider companies: the vocabulary and the one contract of the registration form and its API
// (spec sections 3 and 5). The messages of section 5 live here, once.
import { z } from "zod";
import { COUNTRY_CODES, DEFAULT_COUNTRY } from "./countries";
import { idParams } from "./ids";
import { labelledOptions } from "./labelled-options";
import { PROVIDER_SPECIALTIES } from "./specialties";
import { boundedText } from "./text-fields";
import { personContactSchema } from "./users";
import {
  changesRequestedSchema,
  companyDocumentSchema,
  documentsInputSchema,
  VERIFIABLE_DOCUMENT_KINDS,
} from "./vetting";

export type ProviderIndustry = (typeof PROVIDER_INDUSTRIES)[number];
export const { values: PROVIDER_INDUSTRIES, labels: PROVIDER_INDUSTRY_LABELS } = labelledOptions({
  automation: "Automation",
  consulting: "Consulting",
  software: "Software",
  integration: "Integration",
  ai: "AI",
  other: "Other",
});

export type CompanySize = (typeof COMPANY_SIZES)[number];
export const { values: COMPANY_SIZES, labels: COMPANY_SIZE_LABELS } = labelledOptions({
  startup: "Startup (1-10)",
  small: "Small (11-50)",
  medium: "Medium (51-200)",
  large: "Large (201-1000)",
  enterprise: "Enterprise (1000+)",
});

/** `changes_requested`: an admin asked for changes (decision 177); the provider's edit resubmits it. */
export type CompanyStatus = (typeof COMPANY_STATUSES)[number];
export const { values: COMPANY_STATUSES, labels: COMPANY_STATUS_LABELS } = labelledOptions({
  pending: "Pending",
  approved: "Approved",
  rejected: "Rejected",
  changes_requested: "Changes requested",
});

export const COMPANY_NAME_MAX = 120;
export const DESCRIPTION_MIN = 50;
export const DESCRIPTION_MAX = 2000;
export const LOCATION_MAX = 120;
export const WEBSITE_MAX = 500;
export const REJECTION_REASON_MAX = 1000;
export const DEFAULT_REJECTION_REASON = "Application does not meet our requirements";

export const COUNTRY_MESSAGE = "Choose a country from the list";

const httpUrl = z.url({ protocol: /^https?$/, hostname: z.regexes.domain });

/** POST /api/companies and PUT /api/companies/me; the registration and edit forms. */
export const companyProfileSchema = z.strictObject({
  name: boundedText("Company name", { max: COMPANY_NAME_MAX }),
  description: boundedText("Description", { min: DESCRIPTION_MIN, max: DESCRIPTION_MAX }),
  industry: z.enum(PROVIDER_INDUSTRIES, { error: "Industry is required" }),
  // Optional: a valid http(s) address, or empty.
  website: z
    .string({ error: "Must be a valid URL" })
    .trim()
    .max(WEBSITE_MAX, `Website must be at most ${WEBSITE_MAX} characters`)
    .refine((v) => v === "" || httpUrl.safeParse(v).success, "Must be a valid URL")
    .optional(),
  location: boundedText("Location", { max: LOCATION_MAX }),
  // Not in the spec: matching's us-only preference needs to know where a provider is (decision 020).
  // Optional (decision 102): missing, null or "" ("Not specified") is inferred from the location.
  country: z
    .string({ error: COUNTRY_MESSAGE })
    .refine((v) => v === "" || COUNTRY_CODES.includes(v), COUNTRY_MESSAGE)
    .nullish(),
  size: z.enum(COMPANY_SIZES, { error: "Company size is required" }),
  specialties: z
    .array(z.enum(PROVIDER_SPECIALTIES, { error: "Choose specialties from the list" }), {
      error: "Select at least one specialty",
    })
    .min(1, "Select at least one specialty")
    .max(PROVIDER_SPECIALTIES.length, `Select at most ${PROVIDER_SPECIALTIES.length} specialties`)
    .refine((list) => new Set(list).size === list.length, "Each specialty can be selected once"),
  // Not in the spec (decision 177): verification documents uploaded with POST /api/files, each with its kind.
  documents: documentsInputSchema.optional(),
});
export type CompanyProfileInput = z.infer<typeof companyProfileSchema>;

/** What the registration form starts from: industry and size stay unchosen until the user picks one. */
export const EMPTY_COMPANY_PROFILE: Partial<CompanyProfileInput> = {
  name: "",
  description: "",
  website: "",
  location: "",
  country: DEFAULT_COUNTRY,
  specialties: [],
};

/** PATCH /api/admin/providers/:id/reject; an empty or missing reason (or no body) becomes the default. */
export const rejectProviderSchema = z
  .strictObject({
    reason: z
      .string()
      .trim()
      .max(REJECTION_REASON_MAX, `Reason must be at most ${REJECTION_REASON_MAX} characters`)
      .optional(),
  })
  .nullish();

export const companyIdParamsSchema = idParams("a company id");

/**
 * An approved company's name or profile address changed since an admin verified them (decision 149):
 * the verified ones, and the address now. The company keeps serving; the Verified badge waits.
 */
export const changeUnderReviewSchema = z.object({
  verifiedName: z.string(),
  verifiedSlug: z.string(),
  slug: z.string(),
});
export type ChangeUnderReview = z.infer<typeof changeUnderReviewSchema>;

type IdentityFacts = { status: CompanyStatus; name: string; slug: string; verifiedName: string; verifiedSlug: string };

/** Whether a company's name and address are the ones an admin approved: what the Verified badge says. */
export function isVerifiedIdentity(c: IdentityFacts): boolean {
  return c.status === "approved" && c.name === c.verifiedName && c.slug === c.verifiedSlug;
}

/** The change an admin has still to review, or null. */
export function changeUnderReview(c: IdentityFacts): ChangeUnderReview | null {
  if (c.status !== "approved" || isVerifiedIdentity(c)) return null;
  return { verifiedName: c.verifiedName, verifiedSlug: c.verifiedSlug, slug: c.slug };
}

export const CHANGE_UNDER_REVIEW_TITLE = "Your name change is under review";
/** What the provider reads while a change of its name or address waits for an admin. */
export function changeUnderReviewText(name: string, verifiedName: string): string {
  return `You changed your company's name or profile address (verified as ${verifiedName}). ${name} keeps receiving leads, but its public profile shows no Verified badge until our team approves the change, usually within 24-48 hours. Changing back to the verified name and address restores the badge at once.`;
}

/** A company as its owner and the admins read it. */
export const companySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  industry: z.enum(PROVIDER_INDUSTRIES),
  website: z.string().nullable(),
  location: z.string(),
  /** Null where the provider did not say and the location does not tell (decision 102). */
  country: z.string().nullable(),
  size: z.enum(COMPANY_SIZES),
  specialties: z.array(z.string()),
  status: z.enum(COMPANY_STATUSES),
  rejectionReason: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Set while an approved company's new name or address waits for an admin (decision 149). */
  changeUnderReview: changeUnderReviewSchema.nullable().optional(),
  /** The admin's note while the status is changes_requested (decision 177). */
  changesNote: z.string().nullable().optional(),
  /** What the last approval verified, which the public badge names. */
  verifiedDocuments: z.array(z.enum(VERIFIABLE_DOCUMENT_KINDS)).optional(),
  /** The verification documents of the application; the owner's and the admins' reads carry them. */
  documents: z.array(companyDocumentSchema).optional(),
});
export type Company = z.infer<typeof companySchema>;

/** GET /api/admin/pending-providers: each company with the account that registered it. */
export const pendingProviderSchema = companySchema.extend({
  owner: personContactSchema,
  /** Set when the company was resubmitted after an admin asked for changes: the note and the diff. */
  changesRequested: changesRequestedSchema.nullable().optional(),
});
export type PendingProvider = z.infer<typeof pendingProviderSchema>;
