import { type ReactNode, useMemo } from "react";
import { Controller } from "react-hook-form";
import type { z } from "zod";
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
import { Field } from "@/web/components/ui/field";
import { Input, NativeSelect, SelectOptions, Textarea } from "@/web/components/ui/form-controls";
import { useSchemaForm } from "@/web/lib/schema-form";
import { SpecialtyPicker } from "./specialty-picker";

type FormInput = z.input<typeof companyProfileSchema>;

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
  const countries = useMemo(countryOptions, []);
  const errors = form.formState.errors;
  const description = form.watch("description") ?? "";

  const error = (name: keyof FormInput) => errors[name]?.message;

  return (
    <form onSubmit={form.handleSubmit(onSubmit)} className="space-y-6" noValidate>
      <Field id="company-name" label="Company Name" error={error("name")}>
        {(control) => (
          <Input {...control} autoComplete="organization" placeholder="Your company name" {...form.register("name")} />
        )}
      </Field>

      <Field id="company-description" label="Company Description" error={error("description")}>
        {(control) => (
          <>
            <Textarea
              {...control}
              rows={5}
              maxLength={DESCRIPTION_MAX}
              placeholder={`Describe your company, your services and your automation experience (at least ${DESCRIPTION_MIN} characters)`}
              {...form.register("description")}
            />
            <p className="text-xs text-slate-600" aria-live="polite">
              {description.trim().length}/{DESCRIPTION_MAX} characters (at least {DESCRIPTION_MIN})
            </p>
          </>
        )}
      </Field>

      <div className="grid gap-6 md:grid-cols-2">
        <Field id="company-industry" label="Industry" error={error("industry")}>
          {(control) => (
            <NativeSelect {...control} {...form.register("industry")}>
              <option value="">Select your industry</option>
              <SelectOptions options={PROVIDER_INDUSTRIES} labels={PROVIDER_INDUSTRY_LABELS} />
            </NativeSelect>
          )}
        </Field>
        <Field id="company-size" label="Company Size" error={error("size")}>
          {(control) => (
            <NativeSelect {...control} {...form.register("size")}>
              <option value="">Select company size</option>
              <SelectOptions options={COMPANY_SIZES} labels={COMPANY_SIZE_LABELS} />
            </NativeSelect>
          )}
        </Field>
      </div>

      <Field id="company-website" label="Website (optional)" error={error("website")}>
        {(control) => (
          <Input
            {...control}
            type="url"
            inputMode="url"
            autoComplete="url"
            placeholder="https://yourcompany.com"
            {...form.register("website")}
          />
        )}
      </Field>

      <div className="grid gap-6 md:grid-cols-2">
        <Field id="company-location" label="Location" error={error("location")}>
          {(control) => (
            <Input
              {...control}
              autoComplete="address-level2"
              placeholder="City, State or Region"
              {...form.register("location")}
            />
          )}
        </Field>
        <Field id="company-country" label="Country" error={error("country")}>
          {(control) => (
            <NativeSelect {...control} autoComplete="country" {...form.register("country")}>
              <option value="">Not specified</option>
              {countries.map((c) => (
                <option key={c.code} value={c.code}>
                  {c.name}
                </option>
              ))}
            </NativeSelect>
          )}
        </Field>
      </div>

      <Field id="company-specialties" label="Specialties" error={error("specialties")}>
        {(control) => (
          <Controller
            control={form.control}
            name="specialties"
            render={({ field }) => (
              <SpecialtyPicker
                {...control}
                value={field.value ?? []}
                onChange={(next) => field.onChange(next)}
                onBlur={field.onBlur}
              />
            )}
          />
        )}
      </Field>

      {children}

      <Button type="submit" className="w-full bg-green-700 hover:bg-green-800" disabled={isPending}>
        {isPending ? pendingLabel : submitLabel}
      </Button>
    </form>
  );
}
