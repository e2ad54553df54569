import { X } from "lucide-react";
import { PROVIDER_SPECIALTIES } from "@/shared/specialties";
import type { FieldControlProps } from "@/web/components/ui/field";
import { NativeSelect, SelectOptions } from "@/web/components/ui/form-controls";

/**
 * Spec screen 6: specialties are added once each from the list and removed by clicking their chip.
 * Only the ones not chosen yet are offered. The list takes the field's label and message (`control`).
 */
export function SpecialtyPicker({
  value,
  onChange,
  onBlur,
  ...control
}: FieldControlProps & {
  value: string[];
  onChange: (next: string[]) => void;
  onBlur?: () => void;
}) {
  const remaining = PROVIDER_SPECIALTIES.filter((s) => !value.includes(s));
  return (
    <div className="space-y-3">
      <NativeSelect
        {...control}
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
      {value.length > 0 ? (
        <ul className="flex flex-wrap gap-2" aria-label="Selected specialties">
          {value.map((s) => (
            <li key={s}>
              <button
                type="button"
                onClick={() => onChange(value.filter((v) => v !== s))}
                aria-label={`Remove ${s}`}
                className="inline-flex items-center gap-1 rounded-full bg-green-100 px-3 py-1 text-sm font-medium text-green-900 hover:bg-green-200 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-green-600"
              >
                {s}
                <X className="h-3.5 w-3.5" aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate-600">No specialties added yet.</p>
      )}
    </div>
  );
}
