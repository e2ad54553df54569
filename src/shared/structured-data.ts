// What the server tells search engines about a page beside its HTML (decision 160): schema.org data as
// JSON-LD in the page's head. A provider's profile is an Organization with its rating and reviews; the
// FAQ of /how-it-works is an FAQPage.
import { type FaqEntry, HOW_IT_WORKS_FAQ } from "./faq";
import { PATHS } from "./paths";
import type { ProviderProfilePage } from "./providers";

export type StructuredData = Record<string, unknown>;

const CONTEXT = "https://schema.org";

export function faqPageData(entries: readonly FaqEntry[]): StructuredData {
  return {
    "@context": CONTEXT,
    "@type": "FAQPage",
    mainEntity: entries.map((e) => ({
      "@type": "Question",
      name: e.question,
      acceptedAnswer: { "@type": "Answer", text: e.answer },
    })),
  };
}

/** The structured data of the prerendered pages that have some. */
export const PAGE_STRUCTURED_DATA: Partial<Record<string, StructuredData>> = {
  [PATHS.howItWorks]: faqPageData(HOW_IT_WORKS_FAQ),
};

const rating = (value: number) => ({ "@type": "Rating", ratingValue: value, bestRating: 5, worstRating: 1 });

/**
 * A provider's public profile: the company, where it is, its average rating and the reviews on the
 * page. `url` is the profile's canonical address.
 */
export function providerProfileData(profile: ProviderProfilePage, url: string): StructuredData {
  return {
    "@context": CONTEXT,
    "@type": "Organization",
    name: profile.name,
    description: profile.description,
    url,
    ...(profile.website ? { sameAs: [profile.website] } : {}),
    address: {
      "@type": "PostalAddress",
      addressLocality: profile.location,
      ...(profile.country ? { addressCountry: profile.country } : {}),
    },
    knowsAbout: profile.specialties,
    ...(profile.rating.count > 0 && profile.rating.average !== null
      ? {
          aggregateRating: {
            "@type": "AggregateRating",
            ratingValue: profile.rating.average,
            reviewCount: profile.rating.count,
            bestRating: 5,
            worstRating: 1,
          },
        }
      : {}),
    ...(profile.reviews.items.length > 0
      ? {
          review: profile.reviews.items.map((r) => ({
            "@type": "Review",
            reviewRating: rating(r.rating),
            author: { "@type": "Person", name: r.reviewer },
            reviewBody: r.body,
            datePublished: r.createdAt.slice(0, 10),
          })),
        }
      : {}),
  };
}
