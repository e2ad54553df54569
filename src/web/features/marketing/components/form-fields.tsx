// Labelled controls for the public forms. Each message sits under its control and is tied to it by
// aria-describedby, so screen readers read it with the field.
import type { UseFormRegisterReturn } from "react-hook-form";
import { FieldError, Input, Label, NativeSelect, Textarea } from "@/web/components/ui/form-controls";

type FieldProps = {
  id: string;
  label: string;
  registration: UseFormRegisterReturn;
  error?: string;
  optional?: boolean;
};

const errorIdOf = (id: string) => `${id}-error`;

function FieldLabel({ id, label, optional }: { id: string; label: string; optional?: boolean }) {
  return (
    <Label htmlFor={id}>
      {label}
      {optional ? <span className="font-normal text-slate-600"> (optional)</span> : null}
    </Label>
  );
}

export function TextField({
  id,
  label,
  registration,
  error,
  optional,
  type = "text",
  autoComplete,
  placeholder,
}: FieldProps & { type?: "text" | "email"; autoComplete?: string; placeholder?: string }) {
  return (
    <div className="space-y-2">
      <FieldLabel id={id} label={label} optional={optional} />
      <Input
        id={id}
        type={type}
        autoComplete={autoComplete}
        placeholder={placeholder}
        required={!optional}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorIdOf(id) : undefined}
        {...registration}
      />
      <FieldError id={errorIdOf(id)} message={error} />
    </div>
  );
}

export function TextAreaField({
  id,
  label,
  registration,
  error,
  optional,
  placeholder,
  rows = 4,
}: FieldProps & { placeholder?: string; rows?: number }) {
  return (
    <div className="space-y-2">
      <FieldLabel id={id} label={label} optional={optional} />
      <Textarea
        id={id}
        rows={rows}
        placeholder={placeholder}
        required={!optional}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorIdOf(id) : undefined}
        {...registration}
      />
      <FieldError id={errorIdOf(id)} message={error} />
    </div>
  );
}

export function SelectField({
  id,
  label,
  registration,
  error,
  optional,
  options,
  emptyLabel,
}: FieldProps & { options: readonly { value: string; label: string }[]; emptyLabel: string }) {
  return (
    <div className="space-y-2">
      <FieldLabel id={id} label={label} optional={optional} />
      <NativeSelect
        id={id}
        required={!optional}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorIdOf(id) : undefined}
        {...registration}
      >
        <option value="">{emptyLabel}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </NativeSelect>
      <FieldError id={errorIdOf(id)} message={error} />
    </div>
  );
}

export function CheckboxField({
  id,
  label,
  registration,
}: {
  id: string;
  label: string;
  registration: UseFormRegisterReturn;
}) {
  return (
    <div className="flex items-start gap-3">
      <input
        id={id}
        type="checkbox"
        className="mt-0.5 h-4 w-4 shrink-0 rounded border-slate-400 accent-blue-600 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-500"
        {...registration}
      />
      <Label htmlFor={id} className="font-normal text-slate-700">
        {label}
      </Label>
    </div>
  );
}

/**
 * The honeypot: kept off-screen and out of the tab order, hidden from assistive technology, and left
 * empty by people. Bots that fill every field fill it, and the server quietly drops their submission.
 */
export function HoneypotField({ id, registration }: { id: string; registration: UseFormRegisterReturn }) {
  return (
    <div aria-hidden="true" className="absolute -left-[10000px] top-auto h-px w-px overflow-hidden">
      <label htmlFor={id}>Leave this field empty</label>
      <input id={id} type="text" tabIndex={-1} autoComplete="off" {...registration} />
    </div>
  );
}

/** The first field message from a react-hook-form error entry, when there is one. */
export function messageOf(error: { message?: unknown } | undefined): string | undefined {
  return typeof error?.message === "string" ? error.message : undefined;
}
