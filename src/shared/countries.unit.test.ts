import { describe, expect, it } from "vitest";
import { COUNTRY_CODES, countryName, countryOptions, DEFAULT_COUNTRY, inferCountry, placeLabel } from "./countries";

describe("countries", () => {
  it("lists each ISO 3166-1 alpha-2 code once, with the United States as the default", () => {
    expect(COUNTRY_CODES).toHaveLength(249);
    expect(new Set(COUNTRY_CODES).size).toBe(COUNTRY_CODES.length);
    expect(COUNTRY_CODES.every((c) => /^[A-Z]{2}$/.test(c))).toBe(true);
    expect(COUNTRY_CODES).toContain(DEFAULT_COUNTRY);
    expect(countryName(DEFAULT_COUNTRY)).toBe("United States");
  });

  it("has a name for every code, and offers them sorted by name", () => {
    const options = countryOptions();
    expect(options.filter((o) => o.name === o.code)).toEqual([]);
    const names = options.map((o) => o.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
  });
});

describe("inferCountry: the country a free-text location names, where it names exactly one", () => {
  it.each([
    ["Austin, TX", "US"],
    ["Seattle, WA", "US"],
    ["Austin, Texas, USA", "US"],
    ["New York", "US"],
    ["Boston, U.S.A.", "US"],
    ["Berlin, Germany", "DE"],
    ["Lyon, FR", "FR"],
    ["Toronto, Ontario, Canada", "CA"],
    ["London, UK", "GB"],
    ["Edinburgh, Scotland", "GB"],
    ["  sydney ,  australia ", "AU"],
    ["Dubai, UAE", "AE"],
    ["Mexico", "MX"],
  ])("%j is %s", (location, country) => {
    expect(inferCountry(location)).toBe(country);
  });

  it.each([
    ["San Francisco, CA", "CA is California and Canada"],
    ["Berlin, DE", "DE is Delaware and Germany"],
    ["Atlanta, Georgia", "the state and the country"],
    ["London", "a city in England and in Ontario"],
    ["Remote", "no place"],
    ["NYC", "not a state or country"],
    [" , ", "nothing"],
  ])("%j is unknown (%s)", (location) => {
    expect(inferCountry(location)).toBeNull();
  });

  it("labels a place with its country, or says the country is not specified", () => {
    expect(placeLabel("Austin, TX", "US")).toBe("Austin, TX, United States");
    expect(placeLabel("Remote", null)).toBe("Remote (country not specified)");
  });
});
