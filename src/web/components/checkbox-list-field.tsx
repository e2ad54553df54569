import { type Control, Controller, type FieldValues, type Path } from "react-hook-form";
import { FieldGroup } from "@/web/components/ui/field";
import { cn } from "@/web/lib/cn";

export type CheckboxListFieldProps<T extends FieldValues, V extends string> = {
  control: Control<T>;
  /** A field whose value is a list of `options`. */
  name: Path<T>;
  id: string;
  legend: string;
  hint: string;
  error?: string;
  options: readonly V[];
  labels: Readonly<Record<V, string>>;
  /** Shows each value beside its label, as code: the identifier a developer meets in the API. */
  showValues?: boolean;
  /** The grid of boxes' classes: its columns. */
  className?: string;
};

/**
 * A box for each value of a fixed vocabulary (a webhook's events, a token's scopes, industries), each
 * with its label, as one field of a react-hook-form form. The value keeps the list's order, whatever the
 * order of the clicks.
 */
export function CheckboxListField<T extends FieldValues, V extends string>({
  control,
  name,
  id,
  legend,
  hint,
  error,
  options,
  labels,
  showValues = false,
  className,
}: CheckboxListFieldProps<T, V>) {
  return (
    <FieldGroup id={id} legend={legend} hint={hint} error={error}>
      <Controller
        control={control}
        name={name}
        // No check on leaving a box (moving to the next one is no mistake, and a message appearing
        // under the list would move the buttons under the pointer): on submit, then on each change.
        render={({ field }) => {
          const selected: readonly V[] = field.value ?? [];
          return (
            <div className={cn("grid gap-2", className)}>
              {options.map((option) => (
                <label key={option} className="flex items-start gap-2 text-sm text-slate-800">
                  <input
                    type="checkbox"
                    className="mt-0.5 h-4 w-4 shrink-0 accent-blue-600"
                    name={field.name}
                    value={option}
                    checked={selected.includes(option)}
                    onChange={(e) =>
                      field.onChange(options.filter((v) => (v === option ? e.target.checked : selected.includes(v))))
                    }
                  />
                  {showValues ? (
                    <span>
                      {labels[option]} <code className="font-mono text-xs text-slate-600">{option}</code>
                    </span>
                  ) : (
                    labels[option]
                  )}
                </label>
              ))}
            </div>
          );
        }}
      />
    </FieldGroup>
  );
}
