import { describe, expect, it } from "vitest";
import type { ProviderProfilePage } from "./providers";
import { providerProfileData } from "./structured-data";

const PROFILE = {
  slug: "bright-bots",
  name: "Bright Bots",
  description: "RPA for finance teams.",
  website: "https://brightbots.example",
  location: "Austin, TX",
  country: "US",
  specialties: ["RPA", "Data Processing"],
  rating: { average: 4.5, count: 2, outcomes: { met: 1, partly: 1, notMet: 0 } },
  reviews: {
    items: [
      {
        id: 1,
        rating: 5,
        body: "Invoices post themselves now.",
        outcome: "met",
        hoursSavedPerYear: 900,
        estimatedHoursPerYear: 800,
        industry: "finance",
        reviewer: "Dana K.",
        createdAt: "2026-10-01T09:30:00.000Z",
        reply: null,
      },
    ],
    nextCursor: null,
  },
} as unknown as ProviderProfilePage;

describe("a profile's structured data", () => {
  it("is an Organization with its address, its rating out of 5 and the reviews on the page", () => {
    const url = "https://automatch.example/providers/bright-bots";
    expect(providerProfileData(PROFILE, url)).toEqual({
      "@context": "https://schema.org",
      "@type": "Organization",
      name: "Bright Bots",
      description: "RPA for finance teams.",
      url,
      sameAs: ["https://brightbots.example"],
      address: { "@type": "PostalAddress", addressLocality: "Austin, TX", addressCountry: "US" },
      knowsAbout: ["RPA", "Data Processing"],
      aggregateRating: { "@type": "AggregateRating", ratingValue: 4.5, reviewCount: 2, bestRating: 5, worstRating: 1 },
      review: [
        {
          "@type": "Review",
          reviewRating: { "@type": "Rating", ratingValue: 5, bestRating: 5, worstRating: 1 },
          author: { "@type": "Person", name: "Dana K." },
          reviewBody: "Invoices post themselves now.",
          datePublished: "2026-10-01",
        },
      ],
    });
  });

  it("has no rating nor reviews before the first review, and no website or country it does not know", () => {
    const fresh = {
      ...PROFILE,
      website: null,
      country: null,
      rating: { average: null, count: 0, outcomes: { met: 0, partly: 0, notMet: 0 } },
      reviews: { items: [], nextCursor: null },
    } as ProviderProfilePage;
    const data = providerProfileData(fresh, "https://automatch.example/providers/bright-bots");
    expect(data).not.toHaveProperty("aggregateRating");
    expect(data).not.toHaveProperty("review");
    expect(data).not.toHaveProperty("sameAs");
    expect(data.address).toEqual({ "@type": "PostalAddress", addressLocality: "Austin, TX" });
  });
});
