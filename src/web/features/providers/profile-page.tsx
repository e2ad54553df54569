// A provider's public profile (issue 17): company facts, figures from the marketplace's data, case
// studies and reviews from clients who hired it. The server renders it for crawlers (decision 138).
import { ArrowRight, Eye } from "lucide-react";
import { useState } from "react";
import { useParams } from "react-router";
import { COMPANY_SIZE_LABELS } from "@/shared/companies";
import { countryName } from "@/shared/countries";
import { providerProfileMeta } from "@/shared/page-meta";
import { PATHS } from "@/shared/paths";
import type { CaseStudy, ProviderProfilePage } from "@/shared/providers";
import { INDUSTRY_LABELS } from "@/shared/quote-request-options";
import { formatRating, REVIEW_OUTCOME_LABELS, REVIEW_QUESTION } from "@/shared/reviews";
import { SpecialtyList } from "@/web/components/company-facts";
import { Link } from "@/web/components/link";
import { ErrorAlert } from "@/web/components/list-states";
import { PublicLayout } from "@/web/components/public-layout";
import { ReviewStars } from "@/web/components/review-stars";
import { Button } from "@/web/components/ui/button";
import { LoadingScreen } from "@/web/components/ui/spinner";
import { ApiError } from "@/web/lib/api";
import { countOf } from "@/web/lib/format";
import { usePageMeta } from "@/web/lib/page-meta";
import { useMoreReviews, useProviderProfile } from "./api";
import { CountryText } from "./components/country-text";
import { ReviewItem } from "./components/review-list";
import { VerifiedBadge } from "./components/verified-badge";
import { formatMonthYear, responseTimeInWords } from "./format";

export function ProfilePage() {
  const { slug = "" } = useParams();
  const profile = useProviderProfile(slug);
  if (profile.isLoading) return <LoadingScreen />;
  if (profile.error instanceof ApiError && profile.error.status === 404) return <ProviderNotFound />;
  if (!profile.data) {
    return (
      <PublicLayout>
        <div className="mx-auto max-w-3xl px-4 py-16">
          <h1 className="text-2xl font-bold text-slate-900">Provider profile</h1>
          <div className="mt-4">
            <ErrorAlert error={profile.error} what="This profile" />
          </div>
        </div>
      </PublicLayout>
    );
  }
  return <Profile profile={profile.data} />;
}

function ProviderNotFound() {
  usePageMeta("Provider Not Found", "No provider has this address.");
  return (
    <PublicLayout>
      <div className="mx-auto max-w-2xl px-4 py-20 text-center">
        <h1 className="text-3xl font-bold text-slate-900">Provider not found</h1>
        <p className="mt-3 text-slate-700">
          No provider has this address: it may have changed its address, or its profile is not public.
        </p>
        <Button asChild className="mt-6">
          <Link to={PATHS.providers}>Browse the provider directory</Link>
        </Button>
      </div>
    </PublicLayout>
  );
}

function Fact({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-1 py-3 sm:grid-cols-3 sm:gap-4">
      <dt className="text-sm font-medium text-slate-600">{term}</dt>
      <dd className="text-slate-900 sm:col-span-2">{children}</dd>
    </div>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-4">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="mt-1 text-xl font-semibold text-slate-900">{value}</dd>
    </div>
  );
}

/** A part of the profile under its heading, which names it (the id is the heading's). */
function ProfileSection({ id, title, children }: { id: string; title: React.ReactNode; children: React.ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="text-xl font-semibold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

function Profile({ profile }: { profile: ProviderProfilePage }) {
  const meta = providerProfileMeta(profile.name, profile.description);
  usePageMeta(meta.title, meta.description);
  const { figures, rating } = profile;
  return (
    <PublicLayout>
      {profile.preview && (
        <div className="border-b border-amber-200 bg-amber-50" data-testid="preview-banner">
          <p className="mx-auto flex max-w-5xl items-center gap-2 px-4 py-3 text-sm font-medium text-amber-900">
            <Eye className="h-4 w-4 shrink-0" aria-hidden="true" />
            Preview: only you can see this page until your company is approved
          </p>
        </div>
      )}
      <div className="mx-auto max-w-5xl space-y-10 px-4 py-10">
        <header className="flex flex-col gap-4 md:flex-row md:items-start md:justify-between">
          <div className="space-y-3">
            <p className="text-sm">
              <Link to={PATHS.providers} className="text-blue-700 hover:underline">
                Provider directory
              </Link>
            </p>
            <h1 className="text-3xl font-bold tracking-tight text-slate-900">{profile.name}</h1>
            <div className="flex flex-wrap items-center gap-3 text-sm text-slate-700">
              {profile.verified && <VerifiedBadge documents={profile.verifiedDocuments} />}
              {rating.average !== null ? (
                <span className="inline-flex items-center gap-2">
                  <ReviewStars rating={rating.average} label={formatRating(rating.average)} />
                  {formatRating(rating.average)} ({countOf(rating.count, "review")})
                </span>
              ) : (
                <span>No reviews yet</span>
              )}
            </div>
          </div>
          <Button asChild size="lg">
            <Link to={`${PATHS.quoteRequestWizard}?provider=${encodeURIComponent(profile.slug)}`}>
              Request a quote from {profile.name}
              <ArrowRight className="ml-2 h-4 w-4" aria-hidden="true" />
            </Link>
          </Button>
        </header>

        <ProfileSection id="about" title={<>About {profile.name}</>}>
          <p className="mt-3 whitespace-pre-line leading-relaxed text-slate-800">{profile.description}</p>
        </ProfileSection>

        <ProfileSection id="facts" title="Company facts">
          <dl className="mt-2 divide-y divide-slate-200" data-testid="profile-facts">
            <Fact term="Specialties">
              {profile.specialties.length > 0 ? (
                <SpecialtyList specialties={profile.specialties} tone="purple" />
              ) : (
                "Not given"
              )}
            </Fact>
            <Fact term="Industries served">
              {profile.industriesServed.length > 0
                ? profile.industriesServed.map((i) => INDUSTRY_LABELS[i]).join(", ")
                : "Not given"}
            </Fact>
            <Fact term="Location">{profile.location}</Fact>
            <Fact term="Country">
              {profile.country ? <CountryText>{countryName(profile.country)}</CountryText> : "Not specified"}
            </Fact>
            <Fact term="Company size">{COMPANY_SIZE_LABELS[profile.size]}</Fact>
            <Fact term="Website">
              {profile.website ? (
                <a
                  className="break-all text-blue-700 hover:underline"
                  href={profile.website}
                  target="_blank"
                  rel="noopener noreferrer nofollow ugc"
                >
                  {profile.website}
                </a>
              ) : (
                "Not given"
              )}
            </Fact>
            <Fact term="Member since">{formatMonthYear(profile.memberSince)}</Fact>
          </dl>
        </ProfileSection>

        <ProfileSection id="figures" title="Track record on the marketplace">
          <dl className="mt-3 grid gap-4 sm:grid-cols-3" data-testid="profile-figures">
            <Figure label="Requests quoted" value={figures.requestsQuoted.toLocaleString("en-US")} />
            <Figure label="Hires" value={figures.hires.toLocaleString("en-US")} />
            <Figure label="Median response time" value={responseTimeInWords(figures.medianResponseMinutes)} />
          </dl>
        </ProfileSection>

        <ProfileSection id="case-studies" title="Case studies">
          {profile.caseStudies.length === 0 ? (
            <p className="mt-3 text-slate-700">{profile.name} has not published a case study yet.</p>
          ) : (
            <div className="mt-3 space-y-4">
              {profile.caseStudies.map((study) => (
                <CaseStudyCard key={study.id} study={study} />
              ))}
            </div>
          )}
        </ProfileSection>

        <Reviews profile={profile} />
      </div>
    </PublicLayout>
  );
}

function CaseStudyCard({ study }: { study: CaseStudy }) {
  return (
    <article className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm" data-testid="case-study">
      <h3 className="text-lg font-semibold text-slate-900">{study.title}</h3>
      <p className="mt-1 text-sm text-slate-600">Client industry: {INDUSTRY_LABELS[study.industry]}</p>
      <dl className="mt-3 space-y-3">
        {(
          [
            ["Problem", study.problem],
            ["Solution", study.solution],
            ["Result", study.result],
          ] as const
        ).map(([term, text]) => (
          <div key={term}>
            <dt className="text-sm font-semibold text-slate-800">{term}</dt>
            <dd className="mt-0.5 whitespace-pre-line text-slate-800">{text}</dd>
          </div>
        ))}
      </dl>
      {study.figures.length > 0 && (
        <dl className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          {study.figures.map((figure) => (
            <div key={`${figure.label}-${figure.value}`} className="rounded-md bg-slate-50 p-3">
              <dt className="text-xs text-slate-600">{figure.label}</dt>
              <dd className="text-lg font-semibold text-slate-900">{figure.value}</dd>
            </div>
          ))}
        </dl>
      )}
    </article>
  );
}

function Reviews({ profile }: { profile: ProviderProfilePage }) {
  const { rating, reviews } = profile;
  const [requested, setRequested] = useState(false);
  const more = useMoreReviews(profile.slug, reviews.nextCursor, requested);
  const shown = [...reviews.items, ...(more.data?.pages.flatMap((page) => page.items) ?? [])];
  const hasMore = requested ? more.hasNextPage || more.isLoading : reviews.nextCursor !== null;
  const outcomes = [
    ["met", rating.outcomes.met],
    ["partly", rating.outcomes.partly],
    ["not_met", rating.outcomes.notMet],
  ] as const;
  return (
    <ProfileSection id="reviews" title="Reviews">
      {rating.count === 0 ? (
        <p className="mt-3 text-slate-700">
          No reviews yet. Only clients who hired {profile.name} through the marketplace can review it.
        </p>
      ) : (
        <>
          <div className="mt-3 flex flex-col gap-6 rounded-lg border border-slate-200 bg-white p-5 sm:flex-row">
            <div data-testid="rating-summary">
              <p className="text-4xl font-bold text-slate-900">
                {rating.average !== null ? formatRating(rating.average) : "–"}
              </p>
              {rating.average !== null && (
                <ReviewStars rating={rating.average} label={formatRating(rating.average)} size="md" />
              )}
              <p className="mt-1 text-sm text-slate-700">
                {countOf(rating.count, "review")}, each from a hiring client
              </p>
            </div>
            <div className="flex-1">
              <h3 className="text-sm font-semibold text-slate-900">{REVIEW_QUESTION}</h3>
              <dl className="mt-2 space-y-1 text-sm">
                {outcomes.map(([outcome, count]) => (
                  <div key={outcome} className="flex justify-between gap-4">
                    <dt className="text-slate-700">{REVIEW_OUTCOME_LABELS[outcome]}</dt>
                    <dd className="font-medium text-slate-900">{count}</dd>
                  </div>
                ))}
              </dl>
            </div>
          </div>
          <div className="mt-2">
            {shown.map((review) => (
              <ReviewItem key={review.id} review={review} providerName={profile.name} />
            ))}
          </div>
          {more.isError && <ErrorAlert error={more.error} what="More reviews" small />}
          {hasMore && (
            <Button
              variant="outline"
              className="mt-4"
              disabled={more.isFetching}
              onClick={() => (requested ? void more.fetchNextPage() : setRequested(true))}
            >
              {more.isFetching ? "Loading..." : "Show more reviews"}
            </Button>
          )}
        </>
      )}
    </ProfileSection>
  );
}
