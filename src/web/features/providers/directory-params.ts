// The directory's filters, sort and starting page live in the address (decision 139), so that a
// filtered list can be shared and the back button returns to it. Read leniently: a value that is not
// one of the lists is ignored rather than sent to the API, so a hand-edited address still shows a list.
// The server reads the same address the same way to render the page (decision 138).
import { COUNTRY_CODES } from "@/shared/countries";
import { DIRECTORY_SORTS, type DirectorySort, MIN_RATINGS } from "@/shared/providers";
import { INDUSTRIES, type Industry } from "@/shared/quote-request-options";
import { PROVIDER_SPECIALTIES, type ProviderSpecialty } from "@/shared/specialties";

export type DirectoryParams = {
  specialty?: ProviderSpecialty;
  industry?: Industry;
  country?: string;
  minRating?: number;
  sort?: DirectorySort;
  /** The page the list starts from: set by the "Next page" link a visitor without JavaScript follows. */
  cursor?: string;
};

/** The API's order when none is chosen. */
export const DEFAULT_SORT: DirectorySort = "rating";

const FILTER_KEYS = ["specialty", "industry", "country", "minRating", "sort"] as const;

function oneOf<T extends string>(list: readonly T[], value: string | null): T | undefined {
  return list.find((item) => item === value);
}

export function readDirectoryParams(search: URLSearchParams): DirectoryParams {
  const params: DirectoryParams = {};
  const specialty = oneOf(PROVIDER_SPECIALTIES, search.get("specialty"));
  if (specialty) params.specialty = specialty;
  const industry = oneOf(INDUSTRIES, search.get("industry"));
  if (industry) params.industry = industry;
  const country = search.get("country")?.toUpperCase() ?? null;
  if (country && COUNTRY_CODES.includes(country)) params.country = country;
  const minRating = MIN_RATINGS.find((r) => String(r) === search.get("minRating"));
  if (minRating) params.minRating = minRating;
  const sort = oneOf(DIRECTORY_SORTS, search.get("sort"));
  if (sort && sort !== DEFAULT_SORT) params.sort = sort;
  const cursor = search.get("cursor")?.trim();
  if (cursor && cursor.length <= 200) params.cursor = cursor;
  return params;
}

/** The parameters as a query string, in one order, so that the same list has one address and one cache key. */
export function directorySearch(params: DirectoryParams): string {
  const search = new URLSearchParams();
  for (const key of FILTER_KEYS) {
    const value = params[key];
    if (value !== undefined) search.set(key, String(value));
  }
  if (params.cursor) search.set("cursor", params.cursor);
  const text = search.toString();
  return text ? `?${text}` : "";
}

/** The filters alone (no sort, no page): whether the visitor narrowed the list. */
export function hasFilters(params: DirectoryParams): boolean {
  return (
    params.specialty !== undefined ||
    params.industry !== undefined ||
    params.country !== undefined ||
    params.minRating !== undefined
  );
}

/**
 * GET /api/providers for these filters and sort, from `cursor` (the first page without one); with
 * `facets`, the answer also has the values the filters offer (the page's first read asks, decision 157).
 */
export function directoryApiUrl(params: DirectoryParams, cursor: string | null, facets = false): string {
  const search = directorySearch({ ...params, cursor: cursor ?? undefined });
  if (!facets) return `/api/providers${search}`;
  return `/api/providers${search}${search ? "&" : "?"}facets=1`;
}
