// Pieces of a provider's profile shown in more than one place (the provider's own profile, the
// admin's review): the website as a safe outbound link, the specialties as chips, and the whole of what
// the company says of itself.
import { COMPANY_SIZE_LABELS, type Company, PROVIDER_INDUSTRY_LABELS } from "@/shared/companies";
import { placeLabel } from "@/shared/countries";
import { cn } from "@/web/lib/cn";

export function WebsiteLink({ url }: { url: string | null | undefined }) {
  if (!url) return <>Not given</>;
  return (
    <a className="text-blue-700 hover:underline" href={url} target="_blank" rel="noopener noreferrer">
      {url}
    </a>
  );
}

const TONES = {
  green: "bg-green-100 text-green-900",
  purple: "bg-purple-100 text-purple-900",
} as const;

export function SpecialtyList({ specialties, tone }: { specialties: string[]; tone: keyof typeof TONES }) {
  return (
    <ul className="flex flex-wrap gap-2" aria-label="Specialties">
      {specialties.map((s) => (
        <li key={s} className={cn("rounded-full px-3 py-1 text-sm font-medium", TONES[tone])}>
          {s}
        </li>
      ))}
    </ul>
  );
}

type FactsOf = Pick<Company, "description" | "industry" | "size" | "location" | "country" | "website" | "specialties">;

/**
 * What a company says of itself, as its owner sees it after registering and as the admin vets it: the
 * description, then industry, size, place and website, then the specialties. `wide`: the four facts in
 * one row on a large screen.
 */
export function CompanyFacts({
  company,
  tone,
  wide = false,
}: {
  company: FactsOf;
  tone: keyof typeof TONES;
  wide?: boolean;
}) {
  const facts = [
    { label: "Industry", value: PROVIDER_INDUSTRY_LABELS[company.industry] },
    { label: "Company Size", value: COMPANY_SIZE_LABELS[company.size] },
    { label: "Location", value: placeLabel(company.location, company.country) },
  ];
  return (
    <>
      <p className="whitespace-pre-line text-slate-800">{company.description}</p>
      <dl className={cn("grid gap-3 text-sm sm:grid-cols-2", wide && "lg:grid-cols-4")}>
        {facts.map((fact) => (
          <div key={fact.label}>
            <dt className="text-slate-600">{fact.label}</dt>
            <dd className="text-slate-900">{fact.value}</dd>
          </div>
        ))}
        <div>
          <dt className="text-slate-600">Website</dt>
          <dd className="break-all text-slate-900">
            <WebsiteLink url={company.website} />
          </dd>
        </div>
      </dl>
      <SpecialtyList specialties={company.specialties} tone={tone} />
    </>
  );
}
