// What changed in an application since an admin asked for changes (decision 177): the application's
// fields as they were (the snapshot taken with the request) against as they are, field by field, and the
// documents added or removed since. Values are compared and shown as a person reads them.
import {
  COMPANY_SIZE_LABELS,
  type CompanySize,
  PROVIDER_INDUSTRY_LABELS,
  type ProviderIndustry,
} from "@/shared/companies";
import { countryName } from "@/shared/countries";
import type { ChangesRequested, CompanyDocument, FieldChange } from "@/shared/vetting";
import type { ApplicationSnapshot, CompanyRow } from "../../db/schema/companies";
import { applicationFieldsOf } from "../companies/service";

type Field = Exclude<keyof ApplicationSnapshot, "documentIds">;

const NOT_GIVEN = "Not given";

const FIELDS: { field: Field; label: string; show: (s: ApplicationSnapshot) => string }[] = [
  { field: "name", label: "Company name", show: (s) => s.name },
  { field: "description", label: "Description", show: (s) => s.description },
  {
    field: "industry",
    label: "Industry",
    show: (s) => PROVIDER_INDUSTRY_LABELS[s.industry as ProviderIndustry] ?? s.industry,
  },
  { field: "website", label: "Website", show: (s) => s.website ?? NOT_GIVEN },
  { field: "location", label: "Location", show: (s) => s.location },
  { field: "country", label: "Country", show: (s) => (s.country ? countryName(s.country) : NOT_GIVEN) },
  { field: "size", label: "Company size", show: (s) => COMPANY_SIZE_LABELS[s.size as CompanySize] ?? s.size },
  { field: "specialties", label: "Specialties", show: (s) => s.specialties.join(", ") },
];

/** The application as it is now: what a request for changes keeps, to compare the resubmission with. */
export function snapshotOf(row: CompanyRow, documents: readonly Pick<CompanyDocument, "id">[]): ApplicationSnapshot {
  const fields = applicationFieldsOf(row);
  return { ...fields, specialties: [...fields.specialties], documentIds: documents.map((d) => d.id) };
}

/** The request for changes and what changed since; null when none was asked (or it was decided since). */
export function changesSince(row: CompanyRow, documents: readonly CompanyDocument[]): ChangesRequested | null {
  const before = row.changesSnapshot;
  if (!before || row.changesNote === null || row.changesRequestedAt === null) return null;
  const now = snapshotOf(row, documents);
  const changes: FieldChange[] = FIELDS.flatMap(({ field, label, show }) =>
    show(before) === show(now) ? [] : [{ field, label, before: show(before), after: show(now) }],
  );
  const kept = documents.filter((d) => !d.removed);
  const keptIds = new Set(kept.map((d) => d.id));
  return {
    note: row.changesNote,
    requestedAt: row.changesRequestedAt.toISOString(),
    resubmittedAt: row.resubmittedAt?.toISOString() ?? null,
    changes,
    documentsAdded: kept.filter((d) => !before.documentIds.includes(d.id)),
    documentsRemoved: before.documentIds.filter((id) => !keptIds.has(id)).length,
  };
}
