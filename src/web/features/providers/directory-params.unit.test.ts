import { describe, expect, it } from "vitest";
import { directoryApiUrl, directorySearch, readDirectoryParams } from "./directory-params";

describe("the directory's address", () => {
  it("keeps the known filters in one order and drops the rest", () => {
    const params = readDirectoryParams(
      new URLSearchParams("sort=hires&country=de&specialty=RPA&minRating=4&industry=finance&junk=1&cursor=abc"),
    );
    expect(params).toEqual({
      specialty: "RPA",
      industry: "finance",
      country: "DE",
      minRating: 4,
      sort: "hires",
      cursor: "abc",
    });
    expect(directorySearch(params)).toBe(
      "?specialty=RPA&industry=finance&country=DE&minRating=4&sort=hires&cursor=abc",
    );
  });

  it("ignores values that are not in the lists, and the default sort", () => {
    expect(
      readDirectoryParams(new URLSearchParams("specialty=Magic&industry=x&country=ZZ&minRating=9&sort=rating")),
    ).toEqual({});
    expect(directorySearch({})).toBe("");
  });

  it("asks the API for a page from its cursor", () => {
    expect(directoryApiUrl({ specialty: "Workflow Automation" }, "next page")).toBe(
      "/api/providers?specialty=Workflow+Automation&cursor=next+page",
    );
    expect(directoryApiUrl({}, null)).toBe("/api/providers");
  });

  it("asks for the filters' values with facets=1 when told", () => {
    expect(directoryApiUrl({}, null, true)).toBe("/api/providers?facets=1");
    expect(directoryApiUrl({ country: "GB" }, null, true)).toBe("/api/providers?country=GB&facets=1");
  });
});
