import { zodResolver } from "@hookform/resolvers/zod";
import { type ReactNode, useMemo } from "react";
import { Controller, useForm } from "react-hook-form";
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
import { FieldError, Input, Label, NativeSelect, Textarea } from "@/web/components/ui/form-controls";
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
    country: company.country,
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
  const form = useForm<FormInput, unknown, CompanyProfileInput>({
    resolver: zodResolver(companyProfileSchema),
    mode: "onTouched",
    defaultValues,
  });
  const countries = useMemo(countryOptions, []);
  const errors = form.formState.errors;
  const description = form.watch("description") ?? "";

  /** Ties a control to its label and its message. */
  const a11y = (name: keyof FormInput) => {
    const message = errors[name]?.message;
    return {
      id: `company-${name}`,
      "aria-invalid": message ? true : undefined,
      "aria-describedby": message ? `company-${name}-error` : undefined,
    };
  };
  const error = (name: keyof FormInput) => <FieldError id={`company-${name}-error`} message={errors[name]?.message} />;

  return (
    <form onSubmit={form.handleSubmit(onSubmit)} className="space-y-6" noValidate>
      <div className="space-y-2">
        <Label htmlFor="company-name">Company Name</Label>
        <Input
          {...a11y("name")}
          autoComplete="organization"
          placeholder="Your company name"
          {...form.register("name")}
        />
        {error("name")}
      </div>

      <div className="space-y-2">
        <Label htmlFor="company-description">Company Description</Label>
        <Textarea
          {...a11y("description")}
          rows={5}
          maxLength={DESCRIPTION_MAX}
          placeholder={`Describe your company, your services and your automation experience (at least ${DESCRIPTION_MIN} characters)`}
          {...form.register("description")}
        />
        <p className="text-xs text-slate-600" aria-live="polite">
          {description.trim().length}/{DESCRIPTION_MAX} characters (at least {DESCRIPTION_MIN})
        </p>
        {error("description")}
      </div>

      <div className="grid gap-6 md:grid-cols-2">
        <div className="space-y-2">
          <Label htmlFor="company-industry">Industry</Label>
          <NativeSelect {...a11y("industry")} {...form.register("industry")}>
            <option value="">Select your industry</option>
            {PROVIDER_INDUSTRIES.map((i) => (
              <option key={i} value={i}>
                {PROVIDER_INDUSTRY_LABELS[i]}
              </option>
            ))}
          </NativeSelect>
          {error("industry")}
        </div>
        <div className="space-y-2">
          <Label htmlFor="company-size">Company Size</Label>
          <NativeSelect {...a11y("size")} {...form.register("size")}>
            <option value="">Select company size</option>
            {COMPANY_SIZES.map((s) => (
              <option key={s} value={s}>
                {COMPANY_SIZE_LABELS[s]}
              </option>
            ))}
          </NativeSelect>
          {error("size")}
        </div>
      </div>

      <div className="space-y-2">
        <Label htmlFor="company-website">Website (optional)</Label>
        <Input
          {...a11y("website")}
          type="url"
          inputMode="url"
          autoComplete="url"
          placeholder="https://yourcompany.com"
          {...form.register("website")}
        />
        {error("website")}
      </div>

      <div className="grid gap-6 md:grid-cols-2">
        <div className="space-y-2">
          <Label htmlFor="company-location">Location</Label>
          <Input
            {...a11y("location")}
            autoComplete="address-level2"
            placeholder="City, State or Region"
            {...form.register("location")}
          />
          {error("location")}
        </div>
        <div className="space-y-2">
          <Label htmlFor="company-country">Country</Label>
          <NativeSelect {...a11y("country")} autoComplete="country" {...form.register("country")}>
            {countries.map((c) => (
              <option key={c.code} value={c.code}>
                {c.name}
              </option>
            ))}
          </NativeSelect>
          {error("country")}
        </div>
      </div>

      <div className="space-y-2">
        <Label htmlFor="company-specialties">Specialties</Label>
        <Controller
          control={form.control}
          name="specialties"
          render={({ field }) => (
            <SpecialtyPicker
              id="company-specialties"
              value={field.value ?? []}
              onChange={(next) => field.onChange(next)}
              onBlur={field.onBlur}
              invalid={!!errors.specialties}
              describedBy={errors.specialties ? "company-specialties-error" : undefined}
            />
          )}
        />
        {error("specialties")}
      </div>

      {children}

      <Button type="submit" className="w-full bg-green-700 hover:bg-green-800" disabled={isPending}>
        {isPending ? pendingLabel : submitLabel}
      </Button>
    </form>
  );
}
