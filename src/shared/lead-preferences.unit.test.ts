import { describe, expect, it } from "vitest";
import {
  exclusionSummary,
  isPaused,
  type LeadPreferences,
  leadPreferencesInputSchema,
  NO_LEAD_PREFERENCES,
  preferenceExclusions,
  preferenceReasons,
  type RequestFacts,
} from "./lead-preferences";

const request: RequestFacts = { industry: "finance", budget: "$15k-$30k", country: "GB", onSite: false };
const at = { today: "2026-11-28", leadsLast7Days: 2 };
const prefs = (over: Partial<LeadPreferences>): LeadPreferences => ({ ...NO_LEAD_PREFERENCES, ...over });

describe("preferenceExclusions", () => {
  it("names every preference that keeps the request out, in their order, and none without preferences", () => {
    expect(preferenceExclusions(NO_LEAD_PREFERENCES, request, at)).toEqual([]);
    expect(
      preferenceExclusions(
        prefs({
          industries: ["legal"],
          minBudget: "$50k+",
          countries: ["US"],
          remoteOnly: true,
          weeklyCapacity: 2,
          pausedUntil: "2026-11-29",
        }),
        { ...request, onSite: true },
        at,
      ),
    ).toEqual(["paused", "capacity", "industry", "budget", "country", "remoteOnly"]);
  });

  it("a pause lasts until its return date, which is the first day back", () => {
    expect(isPaused({ pausedUntil: "2026-11-29" }, "2026-11-28")).toBe(true);
    expect(isPaused({ pausedUntil: "2026-11-28" }, "2026-11-28")).toBe(false);
    expect(isPaused({ pausedUntil: null }, "2026-11-28")).toBe(false);
  });

  it("the capacity counts the leads of the last 7 days: full at the capacity, open under it", () => {
    expect(preferenceExclusions(prefs({ weeklyCapacity: 3 }), request, at)).toEqual([]);
    expect(preferenceExclusions(prefs({ weeklyCapacity: 2 }), request, at)).toEqual(["capacity"]);
  });

  it("a request without a budget or a known country is not kept out by those preferences", () => {
    const unknown = { ...request, budget: "Not specified", country: null };
    expect(preferenceExclusions(prefs({ minBudget: "$50k+", countries: ["US"] }), unknown, at)).toEqual([]);
  });
});

describe("preferenceReasons", () => {
  it("says nothing when the provider set no preferences", () => {
    expect(preferenceReasons(NO_LEAD_PREFERENCES, request, at)).toBeNull();
  });

  it("says how an unknown budget and country went past their preferences", () => {
    expect(
      preferenceReasons(
        prefs({ minBudget: "$5k-$15k", countries: ["US"], remoteOnly: true }),
        { ...request, budget: "Not specified", country: null },
        at,
      ),
    ).toBe(
      "Your lead preferences let it through: the client gave no budget, so your $5k-$15k minimum did not apply; the client did not say where they are, so your countries did not apply; the work can be done remotely.",
    );
  });
});

describe("exclusionSummary", () => {
  it("names the preferences that kept providers out, most first, and nothing when none did", () => {
    expect(exclusionSummary({ paused: 1, industry: 4, budget: 0, country: 2 })).toBe(
      "industry (4), client's country (2) and paused (1)",
    );
    expect(exclusionSummary({ industry: 0 })).toBeNull();
  });
});

describe("the preferences' input", () => {
  it("refuses a duplicated industry or country, and a date that is not one", () => {
    const parse = (over: Record<string, unknown>) =>
      leadPreferencesInputSchema.safeParse({ ...NO_LEAD_PREFERENCES, ...over }).success;
    expect(parse({ industries: ["finance", "finance"] })).toBe(false);
    expect(parse({ countries: ["US", "US"] })).toBe(false);
    expect(parse({ pausedUntil: "2026-13-01" })).toBe(false);
    expect(parse({ pausedUntil: "2026-12-01" })).toBe(true);
  });
});
