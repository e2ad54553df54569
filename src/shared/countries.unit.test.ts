import { describe, expect, it } from "vitest";
import { COUNTRY_CODES, countryName, countryOptions, DEFAULT_COUNTRY } from "./countries";

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
