// The wizard's labelled controls. Each shows its section 5 message under it, tied to the control for
// screen readers; choice groups are fieldsets with a legend. The quantities with a unit (volume, time
// per task) are in quantity-fields.tsx.
import type { ReactNode } from "react";
import { Controller, type FieldPath, type UseFormRegister, useFormContext } from "react-hook-form";
import { CheckboxField, Field, type FieldControlProps, FieldGroup } from "@/web/components/ui/field";
import { Input, NativeSelect, SelectOptions, Textarea } from "@/web/components/ui/form-controls";
import { cn } from "@/web/lib/cn";
import type { WizardFormValues } from "./wizard-form";

type Name = FieldPath<WizardFormValues>;
export type Option = { value: string; label: string };

/** What a field of the wizard needs from its form, and its section 5 message. */
export function useWizardField(name: Name) {
  const { register, control, formState } = useFormContext<WizardFormValues>();
  const error = formState.errors[name as keyof WizardFormValues];
  return { register, control, error: typeof error?.message === "string" ? error.message : undefined };
}

type LabelledProps = { name: Name; label: string; optional?: boolean; placeholder?: string };

/** A labelled control of the wizard, with its message read from the form. */
function WizardField({
  name,
  label,
  optional,
  hint,
  describedBy,
  trailing,
  children,
}: Omit<LabelledProps, "placeholder"> & {
  hint?: string;
  describedBy?: string;
  trailing?: ReactNode;
  children: (control: FieldControlProps, register: UseFormRegister<WizardFormValues>) => ReactNode;
}) {
  const { register, error } = useWizardField(name);
  return (
    <Field
      id={name}
      label={label}
      optional={optional}
      hint={hint}
      error={error}
      describedBy={describedBy}
      trailing={trailing}
    >
      {(control) => children(control, register)}
    </Field>
  );
}

export function TextField({
  type = "text",
  autoComplete,
  placeholder,
  ...field
}: LabelledProps & { type?: "text" | "email"; autoComplete?: string }) {
  return (
    <WizardField {...field}>
      {(control, register) => (
        <Input
          {...control}
          type={type}
          autoComplete={autoComplete}
          placeholder={placeholder}
          {...register(field.name)}
        />
      )}
    </WizardField>
  );
}

export function TextAreaField({
  hint,
  maxLength,
  placeholder,
  ...field
}: LabelledProps & {
  hint?: string;
  /** Shows a live character count against this limit. */
  maxLength?: number;
}) {
  const { watch } = useFormContext<WizardFormValues>();
  const value = watch(field.name);
  const length = typeof value === "string" ? value.length : 0;
  const countId = `${field.name}-count`;
  return (
    <WizardField
      {...field}
      hint={hint}
      describedBy={maxLength ? countId : undefined}
      trailing={
        maxLength ? (
          <p
            id={countId}
            className={cn("ml-auto text-xs", length > maxLength ? "font-semibold text-red-700" : "text-slate-600")}
          >
            {length}/{maxLength}
          </p>
        ) : undefined
      }
    >
      {(control, register) => <Textarea {...control} placeholder={placeholder} {...register(field.name)} />}
    </WizardField>
  );
}

export function SelectField({
  options,
  placeholder = "Select...",
  ...field
}: LabelledProps & { options: readonly Option[] }) {
  return (
    <WizardField {...field}>
      {(control, register) => (
        <NativeSelect {...control} {...register(field.name)}>
          <option value="">{placeholder}</option>
          <SelectOptions options={options} />
        </NativeSelect>
      )}
    </WizardField>
  );
}

function ChoiceGroup({
  name,
  legend,
  optional,
  hint,
  error,
  children,
  columns = 2,
}: {
  name: Name;
  legend: string;
  optional?: boolean;
  hint?: string;
  error?: string;
  children: ReactNode;
  columns?: 2 | 3;
}) {
  return (
    <FieldGroup id={name} legend={legend} optional={optional} hint={hint} error={error}>
      <div className={cn("grid gap-2", columns === 3 ? "sm:grid-cols-3" : "sm:grid-cols-2")}>{children}</div>
    </FieldGroup>
  );
}

const choiceClass =
  "flex cursor-pointer items-center gap-2 rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-800 hover:bg-slate-50 has-[:checked]:border-blue-600 has-[:checked]:bg-blue-50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-blue-500";

/** Several of a list (goals, systems, system types). */
export function CheckboxGroupField({
  name,
  legend,
  hint,
  options,
  columns,
}: {
  name: "goals" | "systems" | "systemTypes";
  legend: string;
  hint?: string;
  options: readonly Option[];
  columns?: 2 | 3;
}) {
  const { control, error } = useWizardField(name);
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => {
        const selected = field.value as string[];
        return (
          <ChoiceGroup name={name} legend={legend} hint={hint} error={error} columns={columns}>
            {options.map((o) => (
              <label key={o.value} className={choiceClass}>
                <input
                  type="checkbox"
                  className="h-4 w-4 accent-blue-600"
                  name={name}
                  value={o.value}
                  checked={selected.includes(o.value)}
                  onBlur={field.onBlur}
                  onChange={(e) =>
                    field.onChange(
                      e.target.checked ? [...selected, o.value] : selected.filter((v: string) => v !== o.value),
                    )
                  }
                />
                {o.label}
              </label>
            ))}
          </ChoiceGroup>
        );
      }}
    />
  );
}

/** One of a short list, all options visible. */
export function RadioGroupField({
  name,
  legend,
  optional,
  hint,
  options,
  columns,
}: {
  name: Name;
  legend: string;
  optional?: boolean;
  hint?: string;
  options: readonly Option[];
  columns?: 2 | 3;
}) {
  const { register, error } = useWizardField(name);
  return (
    <ChoiceGroup name={name} legend={legend} optional={optional} hint={hint} error={error} columns={columns}>
      {options.map((o) => (
        <label key={o.value} className={choiceClass}>
          <input type="radio" className="h-4 w-4 accent-blue-600" value={o.value} {...register(name)} />
          {o.label}
        </label>
      ))}
    </ChoiceGroup>
  );
}

export function ConsentField() {
  const { register, error } = useWizardField("consent");
  return (
    <CheckboxField
      id="consent"
      label="I agree that Automatch shares this request with matched, vetted automation providers so that they can send me quotes."
      labelClassName="font-normal text-slate-700"
      error={error}
    >
      {(control) => (
        <input {...control} type="checkbox" className="mt-0.5 h-4 w-4 accent-blue-600" {...register("consent")} />
      )}
    </CheckboxField>
  );
}
