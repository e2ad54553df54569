// Vetting with documents (issue 33 part 3, decision 177): the documents a provider attaches to its
// company application, the admin's third decision ("Request changes", with a note), what changed since,
// and what an approval verified. The vocabulary and the bodies, for both sides.
import { z } from "zod";
import { FILE_MESSAGES, FILES_PER_ITEM, storedFileSchema } from "./files";
import { labelledOptions } from "./labelled-options";

/** What a verification document is. "other" is kept and shown, but is never what a badge names. */
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];
export const { values: DOCUMENT_KINDS, labels: DOCUMENT_KIND_LABELS } = labelledOptions({
  business_registration: "Business registration",
  insurance: "Insurance",
  certification: "Certification",
  other: "Other document",
});

/** What an admin may record as verified on approval, and the public badge names. */
export const VERIFIABLE_DOCUMENT_KINDS = ["business_registration", "insurance", "certification"] as const;
export type VerifiableDocumentKind = (typeof VERIFIABLE_DOCUMENT_KINDS)[number];

export const isVerifiableKind = (kind: DocumentKind): kind is VerifiableDocumentKind =>
  (VERIFIABLE_DOCUMENT_KINDS as readonly string[]).includes(kind);

/** The note of "Request changes": required, as long as a rejection's reason may be. */
export const CHANGES_NOTE_MAX = 1000;
export const CHANGES_NOTE_REQUIRED = "Write what the provider should change";

/** A document of an application: the file and what it is. */
export const companyDocumentSchema = storedFileSchema.extend({ documentKind: z.enum(DOCUMENT_KINDS) });
export type CompanyDocument = z.infer<typeof companyDocumentSchema>;

/**
 * `documents` on POST /api/companies and PUT /api/companies/me (optional: the spec's bodies stay as they
 * are): uploads from POST /api/files, each with its kind.
 */
export const documentsInputSchema = z
  .array(
    z.strictObject({
      fileId: z.uuid({ error: "must be a file id from POST /api/files" }),
      kind: z.enum(DOCUMENT_KINDS, {
        error: "Choose what the document is: business registration, insurance, certification or other",
      }),
    }),
    { error: "must be a list of documents" },
  )
  .max(FILES_PER_ITEM, FILE_MESSAGES.tooMany)
  .refine((list) => new Set(list.map((d) => d.fileId)).size === list.length, "Each document can be attached once");
export type DocumentInput = z.infer<typeof documentsInputSchema>[number];

/** PATCH /api/admin/providers/:id/request-changes */
export const requestChangesSchema = z.strictObject({
  note: z
    .string({ error: CHANGES_NOTE_REQUIRED })
    .trim()
    .min(1, CHANGES_NOTE_REQUIRED)
    .max(CHANGES_NOTE_MAX, `The note must be at most ${CHANGES_NOTE_MAX} characters`),
});

/**
 * PATCH /api/admin/providers/:id/approve: the spec's call has no body; `verifiedDocuments` names the
 * kinds of documents the admin checked, which the public badge then names.
 */
export const approveProviderSchema = z
  .strictObject({
    verifiedDocuments: z
      .array(z.enum(VERIFIABLE_DOCUMENT_KINDS, { error: "Choose business registration, insurance or certification" }))
      .max(VERIFIABLE_DOCUMENT_KINDS.length)
      .refine((list) => new Set(list).size === list.length, "Each kind of document can be named once")
      .optional(),
  })
  .nullish();

/** One field of the application changed since the admin asked for changes: as it was, and as it is. */
export const fieldChangeSchema = z.object({
  field: z.string(),
  label: z.string(),
  before: z.string(),
  after: z.string(),
});
export type FieldChange = z.infer<typeof fieldChangeSchema>;

/** What the admin asked for, and what the provider changed since: the review list's part of a resubmission. */
export const changesRequestedSchema = z.object({
  note: z.string(),
  requestedAt: z.string(),
  /** Null while the provider has not resubmitted yet. */
  resubmittedAt: z.string().nullable(),
  changes: z.array(fieldChangeSchema),
  documentsAdded: z.array(companyDocumentSchema),
  documentsRemoved: z.number().int(),
});
export type ChangesRequested = z.infer<typeof changesRequestedSchema>;

/** "business registration, insurance": what the public badge adds after "Verified". */
export function verifiedDocumentsText(kinds: readonly VerifiableDocumentKind[]): string {
  return VERIFIABLE_DOCUMENT_KINDS.filter((k) => kinds.includes(k))
    .map((k) => DOCUMENT_KIND_LABELS[k].toLowerCase())
    .join(", ");
}

export const CHANGES_REQUESTED_TITLE = "Our team asked for changes";
