import type { FieldValues } from "react-hook-form";
import { INDUSTRIES, INDUSTRY_LABELS, type Industry } from "@/shared/quote-request-options";
import { CheckboxListField, type CheckboxListFieldProps } from "./checkbox-list-field";

/**
 * A box for each client industry, as one field of a react-hook-form form (the industries a provider
 * serves, the ones it wants leads from), under a legend that names them.
 */
export function IndustriesField<T extends FieldValues>(
  props: Omit<CheckboxListFieldProps<T, Industry>, "options" | "labels" | "showValues" | "className">,
) {
  return <CheckboxListField {...props} options={INDUSTRIES} labels={INDUSTRY_LABELS} className="sm:grid-cols-3" />;
}
