import { useRef } from "react";
import { PROVIDER_SPECIALTIES } from "@/shared/specialties";
import { RemovableChips } from "@/web/components/removable-chips";
import { NativeSelect, SelectOptions } from "@/web/components/ui/form-controls";
import type { ListPickerProps } from "@/web/components/ui/form-fields";

/**
 * Spec screen 6: specialties are added once each from the list and removed by clicking their chip.
 * Only the ones not chosen yet are offered. The list takes the field's label and message (`control`).
 */
export function SpecialtyPicker({ value, onChange, onBlur, ...control }: ListPickerProps) {
  const remaining = PROVIDER_SPECIALTIES.filter((s) => !value.includes(s));
  const select = useRef<HTMLSelectElement>(null);
  return (
    <div className="space-y-3">
      <NativeSelect
        {...control}
        ref={select}
        value=""
        disabled={remaining.length === 0}
        onBlur={onBlur}
        onChange={(e) => {
          const picked = e.target.value;
          if (picked && !value.includes(picked)) onChange([...value, picked]);
        }}
      >
        <option value="">{remaining.length === 0 ? "All specialties added" : "Add a specialty..."}</option>
        <SelectOptions options={remaining} />
      </NativeSelect>
      <RemovableChips
        values={value}
        listLabel="Selected specialties"
        emptyText="No specialties added yet."
        onRemove={(s) => onChange(value.filter((v) => v !== s))}
        onEmptied={() => select.current?.focus()}
      />
    </div>
  );
}
