// A Field (./field.tsx) whose control is registered in a react-hook-form form: the label, hint and
// message wiring, the control, its registration, and its message read from the form's errors, in one
// element (decision 188). A control whose value a Controller holds (a box per value, a list picker) takes
// `{...controlled(form, "name")}`: the form's control, the name and the message. A quantity with a unit
// stays a Field with a render function.
import type { ComponentProps, ReactNode } from "react";
import {
  type Control,
  Controller,
  type FieldValues,
  type FormState,
  get,
  type Path,
  type RegisterOptions,
  type UseFormRegister,
  type UseFormRegisterReturn,
} from "react-hook-form";
import { CheckboxField, Field, type FieldControlProps } from "./field";
import { Input, NativeSelect, SelectOptions, Textarea } from "./form-controls";

/** What a bound field needs of its form: any form of useForm or useSchemaForm. */
export type FormOf<T extends FieldValues> = { register: UseFormRegister<T>; formState: FormState<T> };

/** A field of a form: its registration and its message in the form's errors, if it has one. */
type Binding = { registration: UseFormRegisterReturn; error?: string };

/**
 * The binding of a form's field, spread on a bound field as `{...bound(form, "name")}`, the way
 * react-hook-form's `{...register("name")}` is spread on a bare control.
 */
export function bound<T extends FieldValues>(
  form: FormOf<T>,
  name: Path<T>,
  rules?: RegisterOptions<T, Path<T>>,
): Binding {
  const error: { message?: unknown } | undefined = get(form.formState.errors, name);
  return {
    registration: form.register(name, rules),
    error: typeof error?.message === "string" ? error.message : undefined,
  };
}

/**
 * The bindings of a form whose fields' ids are `${idPrefix}-${name}` (names of one word: "company-size"),
 * as `{...field("size")}`; a field named otherwise gives its own id beside `bound`.
 */
export function binder<T extends FieldValues>(form: FormOf<T>, idPrefix: string) {
  return (name: Path<T>, rules?: RegisterOptions<T, Path<T>>) => ({
    ...bound(form, name, rules),
    id: `${idPrefix}-${name}`,
  });
}

/** What a controlled field needs of its form: any form of useForm or useSchemaForm. */
type ControlledFormOf<T extends FieldValues> = { control: Control<T>; formState: FormState<NoInfer<T>> };

/**
 * The binding of a field whose value a Controller holds, spread as `{...controlled(form, "name")}`: the
 * form's control, the name, and the message in the form's errors (a list's own, or its root's).
 */
export function controlled<T extends FieldValues>(form: ControlledFormOf<T>, name: Path<T>) {
  const error: { message?: unknown; root?: { message?: unknown } } | undefined = get(form.formState.errors, name);
  const message = error?.message ?? error?.root?.message;
  return { control: form.control, name, error: typeof message === "string" ? message : undefined };
}

type FieldProps = Omit<ComponentProps<typeof Field>, "children" | "error">;

/**
 * A bound field's props: its binding, the Field's label, hint and classes, then the control's own
 * attributes (type, autoComplete, maxLength...); `controlClassName` is the control's classes,
 * `className` the field's.
 */
type BoundFieldProps<Control> = Binding &
  FieldProps &
  Omit<Control, keyof FieldProps | "name" | "className" | "children"> & { controlClassName?: string };

/** Parts a bound field's props: the Field's, its message, and the control's attributes with its registration. */
function partProps<Control>({
  registration,
  error,
  controlClassName,
  id,
  label,
  optional,
  hint,
  required,
  invalid,
  describedBy,
  trailing,
  className,
  labelClassName,
  ...attributes
}: BoundFieldProps<Control>) {
  return {
    field: { id, label, optional, hint, required, invalid, describedBy, trailing, className, labelClassName },
    error,
    control: { ...attributes, className: controlClassName, ...registration },
  };
}

/** A labelled text box (or number, date, email, url) registered in its form. */
export function InputField(props: BoundFieldProps<ComponentProps<"input">>) {
  const { field, error, control } = partProps(props);
  return (
    <Field {...field} error={error}>
      {(wiring) => <Input {...wiring} {...control} />}
    </Field>
  );
}

/** A labelled multi-line text registered in its form; `below` is shown under the box (a character count). */
export function TextareaField({
  below,
  ...props
}: BoundFieldProps<ComponentProps<"textarea">> & { below?: ReactNode }) {
  const { field, error, control } = partProps(props);
  return (
    <Field {...field} error={error}>
      {(wiring) => (
        <>
          <Textarea {...wiring} {...control} />
          {below}
        </>
      )}
    </Field>
  );
}

/** A labelled select registered in its form: an empty first option if given, then the options. */
export function SelectField<V extends string | number>({
  options,
  labels,
  optionLabel,
  emptyOption,
  ...props
}: BoundFieldProps<ComponentProps<"select">> & {
  options: readonly (V | { value: V; label: string })[];
  /** An option's label, by value (see SelectOptions). */
  labels?: Readonly<Record<V, string>>;
  optionLabel?: (value: V) => string;
  /** The first option, of the empty value, such as "Select your industry". */
  emptyOption?: string;
}) {
  const { field, error, control } = partProps(props);
  return (
    <Field {...field} error={error}>
      {(wiring) => (
        <NativeSelect {...wiring} {...control}>
          {emptyOption === undefined ? null : <option value="">{emptyOption}</option>}
          <SelectOptions options={options} labels={labels} label={optionLabel} />
        </NativeSelect>
      )}
    </Field>
  );
}

const checkboxClass = "mt-0.5 h-4 w-4 shrink-0 accent-blue-600";

/** A checkbox with its label beside it, registered in its form. */
export function CheckboxInputField(props: Omit<BoundFieldProps<ComponentProps<"input">>, "type">) {
  const { field, error, control } = partProps({ ...props, controlClassName: props.controlClassName ?? checkboxClass });
  return (
    <CheckboxField {...field} error={error}>
      {(wiring) => <input {...wiring} type="checkbox" {...control} />}
    </CheckboxField>
  );
}

/** A picker of several texts (countries, specialties): the list it holds, and its field's wiring (`control`). */
export type ListPickerProps = FieldControlProps & {
  value: string[];
  onChange: (next: string[]) => void;
  onBlur?: () => void;
};

/**
 * A labelled list picker whose value a Controller holds in its form: `children` draws the picker from
 * its props (the field's wiring and the list, empty while the form has none).
 */
export function ListPickerField<T extends FieldValues>({
  control,
  name,
  error,
  children,
  ...field
}: FieldProps &
  ReturnType<typeof controlled<T>> & {
    children: (picker: ListPickerProps) => ReactNode;
  }) {
  return (
    <Field {...field} error={error}>
      {(wiring) => (
        <Controller
          control={control}
          name={name}
          render={({ field: held }) => (
            <>{children({ ...wiring, value: held.value ?? [], onChange: held.onChange, onBlur: held.onBlur })}</>
          )}
        />
      )}
    </Field>
  );
}
