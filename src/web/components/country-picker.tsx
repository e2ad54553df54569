import { useMemo, useRef, useState } from "react";
import { countryName, countryOptions } from "@/shared/countries";
import { RemovableChips } from "@/web/components/removable-chips";
import { Button } from "@/web/components/ui/button";
import { NativeSelect } from "@/web/components/ui/form-controls";
import type { ListPickerProps } from "@/web/components/ui/form-fields";

/**
 * Several countries (ISO codes), each once: chosen in the list, then added with the button (or Enter),
 * and removed by their chip. The list does not add on its own change, because the arrow keys and typing
 * a name change a closed list one country at a time. It takes the field's label and message (`control`).
 */
export function CountryPicker({
  value,
  onChange,
  onBlur,
  listLabel,
  emptyText,
  ...control
}: ListPickerProps & {
  /** Names the chosen countries' list for screen readers. */
  listLabel: string;
  /** Said while none is chosen. */
  emptyText: string;
}) {
  const all = useMemo(countryOptions, []);
  const remaining = all.filter((c) => !value.includes(c.code));
  const [picked, setPicked] = useState("");
  const select = useRef<HTMLSelectElement>(null);
  const add = () => {
    if (!picked || value.includes(picked)) return;
    onChange([...value, picked]);
    setPicked("");
    select.current?.focus();
  };
  return (
    <div className="space-y-3">
      <div className="flex gap-2">
        <NativeSelect
          {...control}
          ref={select}
          value={picked}
          onBlur={onBlur}
          onChange={(e) => setPicked(e.target.value)}
          onKeyDown={(e) => {
            if (e.key !== "Enter") return;
            e.preventDefault();
            add();
          }}
        >
          <option value="">Choose a country...</option>
          {remaining.map((c) => (
            <option key={c.code} value={c.code}>
              {c.name}
            </option>
          ))}
        </NativeSelect>
        <Button type="button" variant="outline" onClick={add} disabled={!picked}>
          Add country
        </Button>
      </div>
      <RemovableChips
        values={value}
        label={countryName}
        listLabel={listLabel}
        emptyText={emptyText}
        onRemove={(code) => onChange(value.filter((v) => v !== code))}
        onEmptied={() => select.current?.focus()}
      />
    </div>
  );
}
