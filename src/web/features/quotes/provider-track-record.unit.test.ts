import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { ClientQuote } from "@/shared/quotes";
import { ProviderTrackRecord } from "./provider-track-record";

const provider = (over: Partial<ClientQuote["provider"]> = {}): ClientQuote["provider"] => ({
  name: "Acme Bots",
  size: "small",
  specialties: ["RPA"],
  location: "Austin, TX",
  website: null,
  slug: "acme-bots",
  rating: { average: 4.63, count: 8 },
  outcomes: { met: 6, partly: 1, notMet: 1 },
  hires: 11,
  ...over,
});

const render = (p: ClientQuote["provider"]) =>
  renderToStaticMarkup(createElement(ProviderTrackRecord, { provider: p }));
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ")
    .trim();

describe("a quoting provider's track record on its card", () => {
  it("shows the stars with their text, the rating and count, the outcomes, the hires and the profile link", () => {
    const html = render(provider());
    expect(text(html)).toContain("4.6 (8 reviews)");
    expect(text(html)).toContain("6 of 8 clients say it saved the hours estimated");
    expect(text(html)).toContain("11 hires on Automatch");
    expect(html).toContain('role="img" aria-label="Rated 4.6 out of 5 stars"');
    // 4.63 shows four and a half stars: four full, one half.
    expect(html.match(/fill-amber-400/g)).toHaveLength(5);
    expect(html.match(/overflow-hidden w-1\/2/g)).toHaveLength(1);
    expect(html).toMatch(/<a [^>]*href="\/providers\/acme-bots"[^>]*target="_blank"[^>]*rel="noopener noreferrer"/);
    expect(text(html)).not.toContain("No reviews yet");
  });

  it("links no profile the server says is not public (a suspended or unlisted provider), and links one it says is", () => {
    const hidden = render(provider({ profilePublic: false }));
    expect(text(hidden)).not.toContain("View profile");
    expect(hidden).not.toContain("/providers/acme-bots");
    expect(text(render(provider({ profilePublic: true })))).toContain("View profile");
  });

  it("says one review and one client in the singular", () => {
    const html = render(
      provider({ rating: { average: 5, count: 1 }, outcomes: { met: 0, partly: 1, notMet: 0 }, hires: 1 }),
    );
    expect(text(html)).toContain("5.0 (1 review)");
    expect(text(html)).toContain("0 of 1 client says it saved the hours estimated");
    expect(text(html)).toContain("1 hire on Automatch");
  });

  it("says there are no reviews yet rather than showing empty stars", () => {
    const html = render(
      provider({ rating: { average: null, count: 0 }, outcomes: { met: 0, partly: 0, notMet: 0 }, hires: 0 }),
    );
    expect(text(html)).toContain("No reviews yet");
    expect(text(html)).toContain("No hires yet");
    expect(html).not.toContain('role="img"');
    expect(text(html)).toContain("View profile");
  });
});
