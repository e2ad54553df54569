import { type ReactNode, useMemo } from "react";
import {
  COMPANY_SIZE_LABELS,
  COMPANY_SIZES,
  type Company,
  type CompanyProfileInput,
  companyProfileSchema,
  DESCRIPTION_MAX,
  DESCRIPTION_MIN,
  PROVIDER_INDUSTRIES,
  PROVIDER_INDUSTRY_LABELS,
} from "@/shared/companies";
import { countryOptions } from "@/shared/countries";
import { isProviderSpecialty } from "@/shared/specialties";
import { Button } from "@/web/components/ui/button";
import {
  binder,
  controlled,
  InputField,
  ListPickerField,
  SelectField,
  TextareaField,
} from "@/web/components/ui/form-fields";
import { useSchemaForm } from "@/web/lib/schema-form";
import { SpecialtyPicker } from "./specialty-picker";

/** A saved company as the form's values, for edits. */
export function companyToFormValues(company: Company): CompanyProfileInput {
  return {
    name: company.name,
    description: company.description,
    industry: company.industry,
    website: company.website ?? "",
    location: company.location,
    country: company.country ?? "",
    size: company.size,
    // A specialty dropped from the list since the profile was saved is left out of the form.
    specialties: company.specialties.filter(isProviderSpecialty),
  };
}

/** Spec screen 6: the company profile, for the registration and for later edits. */
export function CompanyForm({
  defaultValues,
  onSubmit,
  isPending,
  submitLabel,
  pendingLabel,
  children,
}: {
  defaultValues: Partial<CompanyProfileInput>;
  onSubmit: (values: CompanyProfileInput) => void;
  isPending: boolean;
  submitLabel: string;
  pendingLabel: string;
  /** Shown between the fields and the submit button (the registration's 'Next Steps' note). */
  children?: ReactNode;
}) {
  const form = useSchemaForm(companyProfileSchema, defaultValues);
  const countries = useMemo(() => countryOptions().map((c) => ({ value: c.code, label: c.name })), []);
  const description = form.watch("description") ?? "";
  const field = binder(form, "company");

  return (
    <form onSubmit={form.handleSubmit(onSubmit)} className="space-y-6" noValidate>
      <InputField {...field("name")} label="Company Name" autoComplete="organization" placeholder="Your company name" />

      <TextareaField
        {...field("description")}
        label="Company Description"
        rows={5}
        maxLength={DESCRIPTION_MAX}
        placeholder={`Describe your company, your services and your automation experience (at least ${DESCRIPTION_MIN} characters)`}
        below={
          <p className="text-xs text-slate-600" aria-live="polite">
            {description.trim().length}/{DESCRIPTION_MAX} characters (at least {DESCRIPTION_MIN})
          </p>
        }
      />

      <div className="grid gap-6 md:grid-cols-2">
        <SelectField
          {...field("industry")}
          label="Industry"
          emptyOption="Select your industry"
          options={PROVIDER_INDUSTRIES}
          labels={PROVIDER_INDUSTRY_LABELS}
        />
        <SelectField
          {...field("size")}
          label="Company Size"
          emptyOption="Select company size"
          options={COMPANY_SIZES}
          labels={COMPANY_SIZE_LABELS}
        />
      </div>

      <InputField
        {...field("website")}
        label="Website (optional)"
        type="url"
        inputMode="url"
        autoComplete="url"
        placeholder="https://yourcompany.com"
      />

      <div className="grid gap-6 md:grid-cols-2">
        <InputField
          {...field("location")}
          label="Location"
          autoComplete="address-level2"
          placeholder="City, State or Region"
        />
        <SelectField
          {...field("country")}
          label="Country"
          autoComplete="country"
          emptyOption="Not specified"
          options={countries}
        />
      </div>

      <ListPickerField {...controlled(form, "specialties")} id="company-specialties" label="Specialties">
        {(picker) => <SpecialtyPicker {...picker} />}
      </ListPickerField>

      {children}

      <Button type="submit" className="w-full bg-green-700 hover:bg-green-800" disabled={isPending}>
        {isPending ? pendingLabel : submitLabel}
      </Button>
    </form>
  );
}
