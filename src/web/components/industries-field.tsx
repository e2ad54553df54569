import type { Control, FieldValues, Path } from "react-hook-form";
import { INDUSTRIES, INDUSTRY_LABELS } from "@/shared/quote-request-options";
import { CheckboxListField } from "./checkbox-list-field";

/**
 * A box for each client industry, as one field of a react-hook-form form (the industries a provider
 * serves, the ones it wants leads from), under a legend that names them.
 */
export function IndustriesField<T extends FieldValues>({
  control,
  name,
  id,
  legend,
  hint,
  error,
}: {
  control: Control<T>;
  /** A field whose value is a list of industries. */
  name: Path<T>;
  id: string;
  legend: string;
  hint: string;
  error?: string;
}) {
  return (
    <CheckboxListField
      control={control}
      name={name}
      id={id}
      legend={legend}
      hint={hint}
      error={error}
      options={INDUSTRIES}
      labels={INDUSTRY_LABELS}
      className="sm:grid-cols-3"
    />
  );
}
