import { Briefcase, Clock, type LucideIcon, MapPin, Users } from "lucide-react";
import type { ReactNode } from "react";
import { COMPANY_SIZE_LABELS } from "@/shared/companies";
import { placeLabel } from "@/shared/countries";
import { providerPath } from "@/shared/paths";
import type { DirectoryEntry } from "@/shared/providers";
import { formatRating } from "@/shared/reviews";
import { SpecialtyList } from "@/web/components/company-facts";
import { Link } from "@/web/components/link";
import { ReviewStars } from "@/web/components/review-stars";
import { countOf } from "@/web/lib/format";
import { responseTimeInWords } from "../format";
import { CountryText } from "./country-text";
import { VerifiedBadge } from "./verified-badge";

/** One fact of a card, with its icon; the label is for screen readers. */
function Fact({ label, icon: Icon, children }: { label: string; icon: LucideIcon; children: ReactNode }) {
  return (
    <div>
      <dt className="sr-only">{label}</dt>
      <dd className="flex items-center gap-1.5">
        <Icon className="h-4 w-4 shrink-0 text-slate-500" aria-hidden="true" />
        {children}
      </dd>
    </div>
  );
}

/** One provider of the directory: enough to choose whom to open. */
export function ProviderCard({ provider }: { provider: DirectoryEntry }) {
  const { figures, rating } = provider;
  return (
    <article className="flex h-full flex-col gap-3 rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h2 className="text-lg font-semibold text-slate-900">
          <Link
            to={providerPath(provider.slug)}
            className="rounded-sm text-blue-800 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-500"
          >
            {provider.name}
          </Link>
        </h2>
        {provider.verified && <VerifiedBadge />}
      </div>
      <div className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
        {rating.average !== null ? (
          <>
            <ReviewStars rating={rating.average} label={formatRating(rating.average)} />
            <span>
              {formatRating(rating.average)} ({countOf(rating.count, "review")})
            </span>
          </>
        ) : (
          <span>No reviews yet</span>
        )}
      </div>
      <p className="text-sm leading-relaxed text-slate-700">{provider.summary}</p>
      {provider.specialties.length > 0 && <SpecialtyList specialties={provider.specialties} tone="purple" />}
      <dl className="mt-auto grid gap-1.5 text-sm text-slate-700 sm:grid-cols-2">
        <Fact label="Location" icon={MapPin}>
          <CountryText>{placeLabel(provider.location, provider.country)}</CountryText>
        </Fact>
        <Fact label="Size" icon={Users}>
          {COMPANY_SIZE_LABELS[provider.size]}
        </Fact>
        <Fact label="Hires" icon={Briefcase}>
          {countOf(figures.hires, "hire")}
        </Fact>
        <Fact label="Median response" icon={Clock}>
          {figures.medianResponseMinutes === null
            ? "No answers yet"
            : `Answers ${responseTimeInWords(figures.medianResponseMinutes)}`}
        </Fact>
      </dl>
    </article>
  );
}
