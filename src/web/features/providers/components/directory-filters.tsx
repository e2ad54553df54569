// The directory's filters and sort: a GET form, so that without JavaScript it still filters (the server
// renders the list it asks for, decision 138); with it, each choice changes the address at once. The
// specialties, industries and countries offered are those listed providers have, with their counts
// (decision 157). On a phone the form is folded behind a "Filters" disclosure (a native details
// element: it opens without JavaScript too); from md on it is always open (styles.css).
import { SlidersHorizontal } from "lucide-react";
import type { FormEvent } from "react";
import { countryName } from "@/shared/countries";
import { PATHS } from "@/shared/paths";
import {
  DIRECTORY_SORT_LABELS,
  DIRECTORY_SORTS,
  type DirectoryFacet,
  type DirectoryFacets,
  MIN_RATINGS,
} from "@/shared/providers";
import { INDUSTRY_LABELS, type Industry } from "@/shared/quote-request-options";
import { Button } from "@/web/components/ui/button";
import { NativeSelect, SelectOptions } from "@/web/components/ui/form-controls";
import { DEFAULT_SORT, type DirectoryParams, hasFilters, readDirectoryParams } from "../directory-params";

const RATINGS = [...MIN_RATINGS].reverse();

/**
 * A filter's options: the values listed providers have, "Name (count)", ordered by name. The value
 * chosen stays offered when no provider has it (with 0), or before the values have arrived (by its name
 * alone), so that the select shows what the address says.
 */
function facetOptions(
  facets: readonly DirectoryFacet[] | undefined,
  chosen: string | undefined,
  name: (value: string) => string,
): { value: string; label: string }[] {
  const options = (facets ?? []).map((f) => ({ value: f.value, name: name(f.value), count: String(f.count) }));
  if (chosen !== undefined && !options.some((o) => o.value === chosen)) {
    options.push({ value: chosen, name: name(chosen), count: facets ? "0" : "" });
  }
  return options
    .sort((a, b) => a.name.localeCompare(b.name))
    .map((o) => ({ value: o.value, label: o.count ? `${o.name} (${o.count})` : o.name }));
}

function SelectField({
  name,
  label,
  value,
  onChange,
  children,
}: {
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  children: React.ReactNode;
}) {
  const id = `directory-${name}`;
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <NativeSelect id={id} name={name} value={value} onChange={(event) => onChange(event.target.value)}>
        {children}
      </NativeSelect>
    </div>
  );
}

export function DirectoryFilters({
  params,
  facets,
  onChange,
}: {
  params: DirectoryParams;
  /** The values the filters offer, from the directory's answer (undefined until it arrives). */
  facets: DirectoryFacets | undefined;
  /** The new parameters, back at the first page. */
  onChange: (params: DirectoryParams) => void;
}) {
  const set = (key: keyof DirectoryParams) => (value: string) => {
    const search = new URLSearchParams();
    for (const [k, v] of Object.entries({ ...params, cursor: undefined, [key]: value })) {
      if (v !== undefined && v !== "") search.set(k, String(v));
    }
    onChange(readDirectoryParams(search));
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const search = new URLSearchParams();
    for (const [k, v] of new FormData(event.currentTarget)) if (typeof v === "string" && v) search.set(k, v);
    onChange(readDirectoryParams(search));
  };
  const { sort: _sort, cursor: _cursor, ...filters } = params;
  const active = Object.values(filters).filter((v) => v !== undefined).length;
  return (
    <details className="directory-filters group rounded-lg border border-slate-200 bg-slate-50">
      <summary className="flex cursor-pointer list-none items-center justify-between gap-2 rounded-lg px-4 py-3 font-medium text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-500 md:hidden [&::-webkit-details-marker]:hidden">
        <span className="flex items-center gap-2">
          <SlidersHorizontal className="h-4 w-4" aria-hidden="true" />
          Filters and sort
          {hasFilters(filters) ? <span className="text-sm font-normal text-slate-600">({active} chosen)</span> : null}
        </span>
        <span className="text-sm font-normal text-blue-700 group-open:hidden">Show</span>
        <span className="hidden text-sm font-normal text-blue-700 group-open:inline">Hide</span>
      </summary>
      <form
        method="get"
        action={PATHS.providers}
        onSubmit={submit}
        aria-label="Filter and sort providers"
        className="grid gap-4 border-t border-slate-200 p-4 sm:grid-cols-2 md:border-t-0 lg:grid-cols-6 lg:items-end"
      >
        <SelectField name="specialty" label="Specialty" value={params.specialty ?? ""} onChange={set("specialty")}>
          <option value="">Any specialty</option>
          <SelectOptions options={facetOptions(facets?.specialties, params.specialty, (v) => v)} />
        </SelectField>
        <SelectField name="industry" label="Industry served" value={params.industry ?? ""} onChange={set("industry")}>
          <option value="">Any industry</option>
          <SelectOptions
            options={facetOptions(facets?.industries, params.industry, (v) => INDUSTRY_LABELS[v as Industry] ?? v)}
          />
        </SelectField>
        <SelectField name="country" label="Country" value={params.country ?? ""} onChange={set("country")}>
          <option value="">Any country</option>
          {facetOptions(facets?.countries, params.country, countryName).map((c) => (
            // The name may differ between the server's ICU and the browser's (see CountryText).
            <option key={c.value} value={c.value} suppressHydrationWarning>
              {c.label}
            </option>
          ))}
        </SelectField>
        <SelectField
          name="minRating"
          label="Rating"
          value={params.minRating === undefined ? "" : String(params.minRating)}
          onChange={set("minRating")}
        >
          <option value="">Any rating</option>
          <SelectOptions options={RATINGS} label={(r) => (r === 5 ? "5 stars" : `${r}+ stars`)} />
        </SelectField>
        <SelectField name="sort" label="Sort by" value={params.sort ?? DEFAULT_SORT} onChange={set("sort")}>
          <SelectOptions options={DIRECTORY_SORTS} labels={DIRECTORY_SORT_LABELS} />
        </SelectField>
        <Button type="submit" variant="outline">
          Apply
        </Button>
      </form>
    </details>
  );
}
