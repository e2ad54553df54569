import { type Control, Controller, type FieldValues, type Path } from "react-hook-form";
import { INDUSTRIES, INDUSTRY_LABELS, type Industry } from "@/shared/quote-request-options";
import { FieldGroup } from "@/web/components/ui/field";

/**
 * A box for each client industry, as one field of a react-hook-form form (the industries a provider
 * serves, the ones it wants leads from), under a legend that names them. The value keeps the list's
 * order, whatever the order of the clicks.
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
    <FieldGroup id={id} legend={legend} hint={hint} error={error}>
      <Controller
        control={control}
        name={name}
        render={({ field }) => {
          const selected: readonly Industry[] = field.value ?? [];
          return (
            <div className="grid gap-2 sm:grid-cols-3">
              {INDUSTRIES.map((industry) => (
                <label key={industry} className="flex items-center gap-2 text-sm text-slate-800">
                  <input
                    type="checkbox"
                    className="h-4 w-4 accent-blue-600"
                    name={name}
                    value={industry}
                    checked={selected.includes(industry)}
                    onBlur={field.onBlur}
                    onChange={(e) =>
                      field.onChange(
                        INDUSTRIES.filter((i) => (i === industry ? e.target.checked : selected.includes(i))),
                      )
                    }
                  />
                  {INDUSTRY_LABELS[industry]}
                </label>
              ))}
            </div>
          );
        }}
      />
    </FieldGroup>
  );
}
