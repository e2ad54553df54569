// The wizard's two quantities with a unit, volume and time per task (decision 012): a number typed
// freely beside a select of units, kept in the form in each quantity's own shape.
import { useState } from "react";
import { Controller } from "react-hook-form";
import {
  TIME_UNITS,
  type TimePerTask,
  type TimeUnit,
  VOLUME_PERIOD_LABELS,
  VOLUME_PERIODS,
  type Volume,
  type VolumePeriod,
} from "@/shared/volume-and-time";
import { Field, FieldGroup } from "@/web/components/ui/field";
import { Input, NativeSelect, SelectOptions } from "@/web/components/ui/form-controls";
import { useWizardField } from "./wizard-fields";
import type { WizardFormValues } from "./wizard-form";

function parseNumber(text: string): number {
  return text.trim() === "" ? Number.NaN : Number(text);
}

/** Volume: a whole number of items and the period it is counted over (decision 012). */
export function VolumeField() {
  return (
    <QuantityField<"volume", VolumePeriod>
      name="volume"
      legend="Volume"
      hint="How many items (invoices, orders, records...) the process handles."
      numberLabel="Number of items"
      unitLabel="Counted"
      step={1}
      defaultUnit="run"
      units={VOLUME_PERIODS.map((p) => ({ value: p, label: VOLUME_PERIOD_LABELS[p] }))}
      toAmount={(v) => ({ amount: v.quantity, unit: v.per })}
      fromAmount={(next) => ({ quantity: next.amount, per: next.unit }) satisfies Volume}
    />
  );
}

/** Time per task: a number of minutes or hours for one item (decision 012). */
export function TimePerTaskField() {
  return (
    <QuantityField<"timePerTask", TimeUnit>
      name="timePerTask"
      legend="Time per task"
      hint="How long one item takes a person by hand."
      numberLabel="Time for one item"
      unitLabel="Unit"
      step="any"
      defaultUnit="minutes"
      units={TIME_UNITS.map((u) => ({ value: u, label: u }))}
      toAmount={(v) => ({ amount: v.value, unit: v.unit })}
      fromAmount={(next) => ({ value: next.amount, unit: next.unit }) satisfies TimePerTask}
    />
  );
}

type Amount<U extends string> = { amount: number; unit: U };
type QuantityName = "volume" | "timePerTask";

/** A quantity with its unit, bound to the wizard's form: the form keeps its own shape of the value. */
function QuantityField<N extends QuantityName, U extends string>({
  name,
  toAmount,
  fromAmount,
  ...display
}: Omit<QuantityWithUnitProps<U>, "value" | "error" | "onBlur" | "onChange"> & {
  name: N;
  toAmount: (value: NonNullable<WizardFormValues[N]>) => Amount<U>;
  fromAmount: (amount: Amount<U>) => NonNullable<WizardFormValues[N]>;
}) {
  const { control, error } = useWizardField(name);
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <QuantityWithUnit<U>
          {...display}
          name={name}
          value={field.value ? toAmount(field.value as NonNullable<WizardFormValues[N]>) : undefined}
          error={error}
          onBlur={field.onBlur}
          onChange={(next) => field.onChange(next ? fromAmount(next) : undefined)}
        />
      )}
    />
  );
}

type QuantityWithUnitProps<U extends string> = {
  name: QuantityName;
  legend: string;
  hint: string;
  numberLabel: string;
  unitLabel: string;
  step: number | "any";
  value: Amount<U> | undefined;
  defaultUnit: U;
  units: { value: U; label: string }[];
  error?: string;
  onBlur: () => void;
  onChange: (next: Amount<U> | undefined) => void;
};

function QuantityWithUnit<U extends string>({
  name,
  legend,
  hint,
  numberLabel,
  unitLabel,
  step,
  value,
  defaultUnit,
  units,
  error,
  onBlur,
  onChange,
}: QuantityWithUnitProps<U>) {
  // The text as typed: "1." or "" must survive while the number is being written.
  const [text, setText] = useState(value && Number.isFinite(value.amount) ? String(value.amount) : "");
  const [unit, setUnit] = useState<U>(value?.unit ?? defaultUnit);
  const emit = (nextText: string, nextUnit: U) =>
    onChange(nextText.trim() === "" ? undefined : { amount: parseNumber(nextText), unit: nextUnit });
  return (
    <FieldGroup id={name} legend={legend} optional hint={hint} error={error}>
      <div className="flex max-w-md gap-2">
        <Field id={`${name}-amount`} label={numberLabel} labelClassName="sr-only" invalid={!!error} className="w-32">
          {(control) => (
            <Input
              {...control}
              type="number"
              inputMode="decimal"
              min={0}
              step={step}
              value={text}
              onBlur={onBlur}
              onChange={(e) => {
                setText(e.target.value);
                emit(e.target.value, unit);
              }}
            />
          )}
        </Field>
        <Field id={`${name}-unit`} label={unitLabel} labelClassName="sr-only" className="flex-1">
          {(control) => (
            <NativeSelect
              {...control}
              value={unit}
              onBlur={onBlur}
              onChange={(e) => {
                const next = e.target.value as U;
                setUnit(next);
                emit(text, next);
              }}
            >
              <SelectOptions options={units} />
            </NativeSelect>
          )}
        </Field>
      </div>
    </FieldGroup>
  );
}
