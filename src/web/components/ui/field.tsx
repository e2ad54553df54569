// A form field's label, hint and message, tied to its control in one place, so that every form reads
// the same to screen readers. The control comes from the caller (a render function given the props to
// spread on it), so a plain input, a react-hook-form registration, a Radix trigger or a composite
// picker all take the same wiring; groups of controls and controls that cannot take an id (a Stripe
// card element) go in a FieldGroup, whose legend names them.
import { type ReactNode, useId } from "react";
import { cn } from "@/web/lib/cn";

/** What a control needs to be read with its label, its hint and its message. */
export type FieldControlProps = {
  id: string;
  required?: boolean;
  "aria-invalid"?: true;
  "aria-describedby"?: string;
};

type FieldWiring = {
  /** The control's id; a generated one when not given. Its hint and message are `${id}-hint` and `${id}-error`. */
  id?: string;
  hint?: ReactNode;
  /** The message shown under the control; the control is marked invalid while there is one. */
  error?: string;
  /** Marks the control invalid without a message of its own (its group shows the message). */
  invalid?: boolean;
  required?: boolean;
  /** Further ids that describe the control, read after its hint and its message. */
  describedBy?: string;
};

function useFieldWiring({ id: givenId, hint, error, invalid, required, describedBy }: FieldWiring) {
  const generatedId = useId();
  const id = givenId ?? generatedId;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedByIds = [hint ? hintId : undefined, error ? errorId : undefined, describedBy].filter(Boolean);
  const control: FieldControlProps = {
    id,
    required: required || undefined,
    "aria-invalid": (invalid ?? !!error) || undefined,
    "aria-describedby": describedByIds.length > 0 ? describedByIds.join(" ") : undefined,
  };
  return { id, hintId, errorId, control };
}

function Label({ htmlFor, className, children }: { htmlFor: string; className?: string; children: ReactNode }) {
  return (
    <label htmlFor={htmlFor} className={cn("text-sm font-medium text-slate-800", className)}>
      {children}
    </label>
  );
}

function Optional() {
  return <span className="font-normal text-slate-600"> (optional)</span>;
}

function FieldHint({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p id={id} className="text-sm text-slate-600">
      {children}
    </p>
  );
}

/** A field's validation message; an alert, so it is read out when it appears. */
function FieldMessage({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className="text-sm text-red-700">
      {message}
    </p>
  );
}

type FieldProps = FieldWiring & {
  label: ReactNode;
  /** Adds " (optional)" to the label. */
  optional?: boolean;
  /** Shown at the end of the message's line, e.g. a character count (give its id in describedBy). */
  trailing?: ReactNode;
  className?: string;
  labelClassName?: string;
  children: (control: FieldControlProps) => ReactNode;
};

/** A labelled control: the label, the hint, the control, then its message. */
export function Field({ label, optional, trailing, className, labelClassName, children, ...wiring }: FieldProps) {
  const { id, hintId, errorId, control } = useFieldWiring(wiring);
  const message = <FieldMessage id={errorId} message={wiring.error} />;
  return (
    <div className={cn("space-y-2", className)}>
      <Label htmlFor={id} className={labelClassName}>
        {label}
        {optional ? <Optional /> : null}
      </Label>
      {wiring.hint ? <FieldHint id={hintId}>{wiring.hint}</FieldHint> : null}
      {children(control)}
      {trailing ? (
        <div className="flex items-start justify-between gap-4">
          {message}
          {trailing}
        </div>
      ) : (
        message
      )}
    </div>
  );
}

/** A checkbox with its label beside it, the hint under the label, and the message under both. */
export function CheckboxField({
  label,
  className,
  labelClassName,
  children,
  ...wiring
}: Omit<FieldProps, "optional" | "trailing">) {
  const { id, hintId, errorId, control } = useFieldWiring(wiring);
  const labelElement = (
    <Label htmlFor={id} className={labelClassName}>
      {label}
    </Label>
  );
  return (
    <div className={cn("space-y-2", className)}>
      <div className="flex items-start gap-3">
        {children(control)}
        {wiring.hint ? (
          <div className="min-w-0">
            {labelElement}
            <FieldHint id={hintId}>{wiring.hint}</FieldHint>
          </div>
        ) : (
          labelElement
        )}
      </div>
      <FieldMessage id={errorId} message={wiring.error} />
    </div>
  );
}

/**
 * Controls answered together (checkboxes, radios, a number and its unit) or a control that cannot be
 * labelled by id: a fieldset whose legend names them, with the hint and the message read with it.
 */
export function FieldGroup({
  id: givenId,
  legend,
  optional,
  hint,
  error,
  className,
  legendClassName,
  children,
}: {
  /** Names the hint and the message: `${id}-hint`, `${id}-error`; a generated one when not given. */
  id?: string;
  legend: ReactNode;
  optional?: boolean;
  hint?: ReactNode;
  error?: string;
  className?: string;
  legendClassName?: string;
  children: ReactNode;
}) {
  const { hintId, errorId, control } = useFieldWiring({ id: givenId, hint, error });
  return (
    <fieldset
      className={cn("space-y-2", className)}
      aria-invalid={control["aria-invalid"]}
      aria-describedby={control["aria-describedby"]}
    >
      <legend className={cn("text-sm font-medium text-slate-800", legendClassName)}>
        {legend}
        {optional ? <Optional /> : null}
      </legend>
      {hint ? <FieldHint id={hintId}>{hint}</FieldHint> : null}
      {children}
      <FieldMessage id={errorId} message={error} />
    </fieldset>
  );
}
