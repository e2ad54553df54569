import { Briefcase, Clock, MapPin, Users } from "lucide-react";
import { COMPANY_SIZE_LABELS } from "@/shared/companies";
import { placeLabel } from "@/shared/countries";
import { providerPath } from "@/shared/paths";
import type { DirectoryEntry } from "@/shared/providers";
import { formatRating } from "@/shared/reviews";
import { SpecialtyList } from "@/web/components/company-facts";
import { Link } from "@/web/components/link";
import { ReviewStars } from "@/web/components/review-stars";
import { countOf, responseTimeInWords } from "../format";
import { CountryText } from "./country-text";
import { VerifiedBadge } from "./verified-badge";

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
        <div>
          <dt className="sr-only">Location</dt>
          <dd className="flex items-center gap-1.5">
            <MapPin className="h-4 w-4 shrink-0 text-slate-500" aria-hidden="true" />
            <CountryText>{placeLabel(provider.location, provider.country)}</CountryText>
          </dd>
        </div>
        <div>
          <dt className="sr-only">Size</dt>
          <dd className="flex items-center gap-1.5">
            <Users className="h-4 w-4 shrink-0 text-slate-500" aria-hidden="true" />
            {COMPANY_SIZE_LABELS[provider.size]}
          </dd>
        </div>
        <div>
          <dt className="sr-only">Hires</dt>
          <dd className="flex items-center gap-1.5">
            <Briefcase className="h-4 w-4 shrink-0 text-slate-500" aria-hidden="true" />
            {countOf(figures.hires, "hire")}
          </dd>
        </div>
        <div>
          <dt className="sr-only">Median response</dt>
          <dd className="flex items-center gap-1.5">
            <Clock className="h-4 w-4 shrink-0 text-slate-500" aria-hidden="true" />
            {figures.medianResponseMinutes === null
              ? "No answers yet"
              : `Answers ${responseTimeInWords(figures.medianResponseMinutes)}`}
          </dd>
        </div>
      </dl>
    </article>
  );
}
