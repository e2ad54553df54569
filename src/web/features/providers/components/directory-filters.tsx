// The directory's filters and sort: a GET form, so that without JavaScript it still filters (the server
// renders the list it asks for, decision 138); with it, each choice changes the address at once.
import type { FormEvent } from "react";
import { countryOptions } from "@/shared/countries";
import { PATHS } from "@/shared/paths";
import { DIRECTORY_SORT_LABELS, DIRECTORY_SORTS, MIN_RATINGS } from "@/shared/providers";
import { INDUSTRIES, INDUSTRY_LABELS } from "@/shared/quote-request-options";
import { PROVIDER_SPECIALTIES } from "@/shared/specialties";
import { Button } from "@/web/components/ui/button";
import { NativeSelect, SelectOptions } from "@/web/components/ui/form-controls";
import { DEFAULT_SORT, type DirectoryParams, readDirectoryParams } from "../directory-params";

const COUNTRIES = countryOptions();
const RATINGS = [...MIN_RATINGS].reverse();

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
  onChange,
}: {
  params: DirectoryParams;
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
  return (
    <form
      method="get"
      action={PATHS.providers}
      onSubmit={submit}
      aria-label="Filter and sort providers"
      className="grid gap-4 rounded-lg border border-slate-200 bg-slate-50 p-4 sm:grid-cols-2 lg:grid-cols-6 lg:items-end"
    >
      <SelectField name="specialty" label="Specialty" value={params.specialty ?? ""} onChange={set("specialty")}>
        <option value="">Any specialty</option>
        <SelectOptions options={PROVIDER_SPECIALTIES} />
      </SelectField>
      <SelectField name="industry" label="Industry served" value={params.industry ?? ""} onChange={set("industry")}>
        <option value="">Any industry</option>
        <SelectOptions options={INDUSTRIES} labels={INDUSTRY_LABELS} />
      </SelectField>
      <SelectField name="country" label="Country" value={params.country ?? ""} onChange={set("country")}>
        <option value="">Any country</option>
        {COUNTRIES.map((c) => (
          // The name may differ between the server's ICU and the browser's (see CountryText).
          <option key={c.code} value={c.code} suppressHydrationWarning>
            {c.name}
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
  );
}
