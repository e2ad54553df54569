import { describe, expect, it } from "vitest";
import {
  DECLINE_PENALTY_MAX,
  declinePenalty,
  LOAD_CEILING,
  type ProviderProfile,
  REVIEW_POINTS_MAX,
  REVIEWS_FOR_FULL_WEIGHT,
  type RequestProfile,
  rankProviders,
  reviewPoints,
  SPECIALTIES,
  SPECIALTY_MAP,
  scoreProvider,
  specialtyDemand,
  WEIGHTS,
} from "./matching";

const request: RequestProfile = {
  industry: "finance",
  goals: ["Save time", "Reduce errors"],
  systems: ["Excel", "SAP"],
  systemTypes: ["Desktop app"],
  triggerType: "scheduled",
  budget: "$15k-$30k",
  locationPreference: "no-preference",
};

const provider = (over: Partial<ProviderProfile> = {}): ProviderProfile => ({
  companyId: 1,
  specialties: ["RPA"],
  country: "US",
  size: "small",
  winsInIndustry: 0,
  leadsLast7Days: 0,
  leadsTotal: 0,
  leadsAnswered: 0,
  declinesInIndustry: 0,
  reviewCount: 0,
  ratingSum: 0,
  ...over,
});

const part = (p: ProviderProfile, name: string, req = request) =>
  scoreProvider(req, p).parts.find((x) => x.part === name)?.points ?? Number.NaN;

describe("the specialty map", () => {
  it("maps only to the spec's specialties", () => {
    for (const group of Object.values(SPECIALTY_MAP)) {
      for (const list of Object.values(group)) for (const s of list) expect(SPECIALTIES).toContain(s);
    }
  });

  it("counts each mention of a specialty", () => {
    const d = specialtyDemand(request);
    // Save time, Reduce errors, Excel, SAP, Desktop app each ask for RPA
    expect(d.get("RPA")).toBe(5);
    expect(d.get("Workflow Automation")).toBe(2); // Save time, scheduled
  });
});

describe("each part moves the score as decided", () => {
  it("weights sum to 100", () => {
    expect(Object.values(WEIGHTS).reduce((a, b) => a + b, 0)).toBe(100);
  });

  it("more of the asked-for specialties score higher; none score zero on that part", () => {
    const none = part(provider({ specialties: ["IoT Integration"] }), "specialty");
    const some = part(provider({ specialties: ["RPA"] }), "specialty");
    const more = part(provider({ specialties: ["RPA", "Workflow Automation", "Data Analytics"] }), "specialty");
    expect(none).toBe(0);
    expect(some).toBeGreaterThan(none);
    expect(more).toBeGreaterThan(some);
    expect(more).toBeLessThanOrEqual(WEIGHTS.specialty);
  });

  it("a budget that suits the company's size scores higher", () => {
    const big = { ...request, budget: "$50k+" };
    expect(part(provider({ size: "enterprise" }), "budget", big)).toBeGreaterThan(
      part(provider({ size: "startup" }), "budget", big),
    );
    const small = { ...request, budget: "<$5k" };
    expect(part(provider({ size: "startup" }), "budget", small)).toBeGreaterThan(
      part(provider({ size: "enterprise" }), "budget", small),
    );
  });

  it("past wins in the client's industry raise the score, up to a ceiling", () => {
    const w0 = part(provider({ winsInIndustry: 0 }), "industryWins");
    const w1 = part(provider({ winsInIndustry: 1 }), "industryWins");
    const w3 = part(provider({ winsInIndustry: 3 }), "industryWins");
    const w9 = part(provider({ winsInIndustry: 9 }), "industryWins");
    expect(w0).toBe(0);
    expect(w1).toBeGreaterThan(w0);
    expect(w3).toBe(WEIGHTS.industryWins);
    expect(w9).toBe(w3);
  });

  it("recent load lowers the score, so that leads are spread", () => {
    const idle = part(provider({ leadsLast7Days: 0 }), "load");
    const busy = part(provider({ leadsLast7Days: 5 }), "load");
    const full = part(provider({ leadsLast7Days: LOAD_CEILING + 4 }), "load");
    expect(idle).toBe(WEIGHTS.load);
    expect(busy).toBeLessThan(idle);
    expect(full).toBe(0);
  });

  it("answering leads raises the score once there is history; before that it is neutral", () => {
    const newcomer = part(provider({ leadsTotal: 1, leadsAnswered: 0 }), "responsiveness");
    const good = part(provider({ leadsTotal: 10, leadsAnswered: 9 }), "responsiveness");
    const poor = part(provider({ leadsTotal: 10, leadsAnswered: 1 }), "responsiveness");
    expect(newcomer).toBe(WEIGHTS.responsiveness / 2);
    expect(good).toBeGreaterThan(newcomer);
    expect(poor).toBeLessThan(newcomer);
  });

  it("the score is the rounded sum of the parts, between 0 and 100, with a reason for each part", () => {
    const s = scoreProvider(
      request,
      provider({ specialties: [...SPECIALTIES], winsInIndustry: 5, leadsTotal: 4, leadsAnswered: 4 }),
    );
    expect(s.score).toBe(Math.round(s.parts.reduce((a, p) => a + p.points, 0)));
    expect(s.score).toBeLessThanOrEqual(100);
    expect(s.score).toBeGreaterThanOrEqual(90);
    for (const p of s.parts) expect(p.reason.length).toBeGreaterThan(5);
  });
});

describe("declining a kind of work", () => {
  const declines = (n: number) => scoreProvider(request, provider({ declinesInIndustry: n }));

  it("the first decline of an industry costs nothing; each further one costs points, up to a ceiling", () => {
    expect(declinePenalty(0)).toBe(0);
    expect(declinePenalty(1)).toBe(0);
    expect(declinePenalty(2)).toBe(-5);
    expect(declinePenalty(3)).toBe(-10);
    expect(declinePenalty(40)).toBe(-DECLINE_PENALTY_MAX);
    expect(declines(3).score).toBe(declines(0).score - 10);
    expect(declines(1).score).toBe(declines(0).score);
  });

  it("explains the penalty in the reasons, and says nothing when the provider declined nothing", () => {
    expect(declines(0).parts.map((p) => p.part)).not.toContain("declines");
    const warned = declines(1).parts.find((p) => p.part === "declines");
    expect(warned).toMatchObject({ points: 0, max: 0 });
    expect(warned?.reason).toMatch(/You declined 1 finance request in the last 90 days/);
    const penalised = declines(3).parts.find((p) => p.part === "declines");
    expect(penalised).toMatchObject({ points: -10, max: 0 });
    expect(penalised?.reason).toBe(
      "You declined 3 finance requests in the last 90 days (\u221210 points): requests of a kind you often turn down rank you lower",
    );
    const s = declines(3);
    expect(s.score).toBe(Math.round(s.parts.reduce((a, p) => a + p.points, 0)));
  });

  it("never takes the score below zero", () => {
    const weakest = provider({ specialties: [], size: "enterprise", leadsLast7Days: 50, leadsTotal: 10 });
    const s = scoreProvider({ ...request, budget: "<$5k" }, { ...weakest, declinesInIndustry: 99 });
    expect(s.score).toBe(0);
  });

  it("ranks a provider who keeps declining the industry below an equal one who does not", () => {
    const ranked = rankProviders(
      request,
      [provider({ companyId: 1, declinesInIndustry: 4 }), provider({ companyId: 2 })],
      2,
    );
    expect(ranked.map((r) => r.companyId)).toEqual([2, 1]);
  });
});

describe("the clients' ratings", () => {
  const rated = (count: number, sum: number, over: Partial<ProviderProfile> = {}) =>
    scoreProvider(request, provider({ reviewCount: count, ratingSum: sum, ...over }));

  it("adds points above three stars and takes them away below, up to the maximum either way", () => {
    expect(reviewPoints(0, 0)).toBe(0);
    expect(reviewPoints(8, 40)).toBe(REVIEW_POINTS_MAX);
    expect(reviewPoints(8, 24)).toBe(0);
    expect(reviewPoints(8, 8)).toBe(-REVIEW_POINTS_MAX);
    expect(reviewPoints(8, 37)).toBe(4.1); // 4.625 stars
    expect(reviewPoints(5, 17)).toBe(1); // 3.4 stars
    const none = rated(0, 0).score;
    expect(rated(8, 40).score).toBe(none + 5);
    expect(rated(8, 37).score).toBeGreaterThan(none);
    expect(rated(8, 16).score).toBeLessThan(none);
    expect(rated(8, 8).score).toBe(none - 5);
  });

  it("weighs a rating in full only from three reviews, so one client's view moves the score less", () => {
    expect(REVIEWS_FOR_FULL_WEIGHT).toBe(3);
    expect(reviewPoints(1, 5)).toBe(1.7);
    expect(reviewPoints(2, 10)).toBe(3.3);
    expect(reviewPoints(3, 15)).toBe(5);
    expect(reviewPoints(1, 1)).toBe(-1.7);
    // A long record of 4.9 stars outranks a single 5-star review.
    expect(rated(20, 98).score).toBeGreaterThan(rated(1, 5).score);
  });

  it("explains the rating with its average and count, and shows no part without reviews", () => {
    expect(rated(0, 0).parts.map((p) => p.part)).not.toContain("reviews");
    expect(rated(5, 23).parts.find((p) => p.part === "reviews")).toEqual({
      part: "reviews",
      points: 4,
      max: REVIEW_POINTS_MAX,
      reason: "Rated 4.6 from 5 reviews by clients who hired you: +4 points",
    });
    expect(rated(4, 8).parts.find((p) => p.part === "reviews")?.reason).toBe(
      "Rated 2.0 from 4 reviews by clients who hired you: \u22122.5 points",
    );
    expect(rated(1, 3).parts.find((p) => p.part === "reviews")?.reason).toBe(
      "Rated 3.0 from 1 review by clients who hired you: no points (ratings count in full from 3 reviews)",
    );
    for (const s of [rated(8, 37), rated(2, 3), rated(1, 5)]) {
      expect(s.score).toBe(Math.round(s.parts.reduce((a, p) => a + p.points, 0)));
    }
  });

  it("keeps the part within its bounds and the total within 0-100", () => {
    for (let count = 1; count <= 12; count++) {
      for (let sum = count; sum <= count * 5; sum++) {
        expect(Math.abs(reviewPoints(count, sum))).toBeLessThanOrEqual(REVIEW_POINTS_MAX);
      }
    }
    const best = provider({ specialties: [...SPECIALTIES], winsInIndustry: 5, leadsTotal: 4, leadsAnswered: 4 });
    expect(scoreProvider({ ...request, budget: "$15k-$30k" }, { ...best, reviewCount: 9, ratingSum: 45 }).score).toBe(
      100,
    );
    const weakest = provider({ specialties: [], size: "enterprise", leadsLast7Days: 50, leadsTotal: 10 });
    expect(
      scoreProvider({ ...request, budget: "<$5k" }, { ...weakest, reviewCount: 9, ratingSum: 9 }).score,
    ).toBeLessThan(scoreProvider({ ...request, budget: "<$5k" }, weakest).score);
    const hopeless = { ...weakest, reviewCount: 9, ratingSum: 9, declinesInIndustry: 99 };
    expect(scoreProvider({ ...request, budget: "<$5k" }, hopeless).score).toBe(0);
  });

  it("ranks the better rated of two otherwise equal providers first", () => {
    const ranked = rankProviders(
      request,
      [
        provider({ companyId: 1, reviewCount: 4, ratingSum: 12 }),
        provider({ companyId: 2, reviewCount: 4, ratingSum: 19 }),
      ],
      2,
    );
    expect(ranked.map((r) => r.companyId)).toEqual([2, 1]);
  });
});

describe("ranking", () => {
  it("a US-only request never reaches a provider outside the US", () => {
    const usOnly = { ...request, locationPreference: "us-only" };
    const ranked = rankProviders(
      usOnly,
      [
        provider({ companyId: 1, country: "DE", specialties: [...SPECIALTIES] }),
        provider({ companyId: 2, country: "US" }),
        provider({ companyId: 3, country: null, specialties: [...SPECIALTIES] }),
      ],
      3,
    );
    expect(ranked.map((r) => r.companyId)).toEqual([2]);
    expect(rankProviders(request, [provider({ companyId: 3, country: null })], 3)).toHaveLength(1);
    expect(rankProviders(request, [provider({ companyId: 1, country: "DE" })], 3)).toHaveLength(1);
  });

  it("picks the best N, breaking ties by recent load and then by company id, whatever the input order", () => {
    const ps = [
      provider({ companyId: 7 }),
      provider({ companyId: 3 }),
      provider({ companyId: 5, specialties: ["RPA", "Workflow Automation"] }),
      provider({ companyId: 4, leadsLast7Days: 1, winsInIndustry: 1 }),
      provider({ companyId: 9, specialties: ["IoT Integration"] }),
    ];
    const a = rankProviders(request, ps, 3).map((r) => r.companyId);
    const b = rankProviders(request, [...ps].reverse(), 3).map((r) => r.companyId);
    expect(a).toEqual(b);
    // 5 covers more of the request; 4 has a win but a recent lead; 3 and 7 tie on every part, so the lower id wins
    expect(a).toEqual([5, 4, 3]);
    expect(a).not.toContain(9);
    const scores = rankProviders(request, ps, 5).map((r) => r.score);
    expect([...scores].sort((x, y) => y - x)).toEqual(scores);
  });

  it("returns nothing for no providers or a count of zero", () => {
    expect(rankProviders(request, [], 3)).toEqual([]);
    expect(rankProviders(request, [provider()], 0)).toEqual([]);
  });
});
