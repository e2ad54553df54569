import { X } from "lucide-react";
import { useEffect, useRef, useState } from "react";

/**
 * The values a picker holds, each a button that takes it out again ("Remove <label>"). After a
 * removal the focus goes to the chip that took its place, or the one before it, or, when none is left,
 * to whatever `onEmptied` focuses (the picker's own control): it never falls back to the page.
 */
export function RemovableChips({
  values,
  label = (v) => v,
  listLabel,
  emptyText,
  onRemove,
  onEmptied,
}: {
  values: readonly string[];
  label?: (value: string) => string;
  /** Names the list for screen readers: "Selected specialties". */
  listLabel: string;
  /** Said where there is no chip yet. */
  emptyText: string;
  onRemove: (value: string) => void;
  onEmptied?: () => void;
}) {
  const list = useRef<HTMLUListElement>(null);
  const [focusAt, setFocusAt] = useState<number | null>(null);
  useEffect(() => {
    if (focusAt === null) return;
    setFocusAt(null);
    const buttons = list.current?.querySelectorAll("button");
    const target = buttons?.[Math.min(focusAt, buttons.length - 1)];
    if (target) target.focus();
    else onEmptied?.();
  }, [focusAt, onEmptied]);

  if (values.length === 0) return <p className="text-sm text-slate-600">{emptyText}</p>;
  return (
    <ul ref={list} className="flex flex-wrap gap-2" aria-label={listLabel}>
      {values.map((v, i) => (
        <li key={v}>
          <button
            type="button"
            onClick={() => {
              onRemove(v);
              setFocusAt(i);
            }}
            aria-label={`Remove ${label(v)}`}
            className="inline-flex items-center gap-1 rounded-full bg-green-100 px-3 py-1 text-sm font-medium text-green-900 hover:bg-green-200 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-green-600"
          >
            {label(v)}
            <X className="h-3.5 w-3.5" aria-hidden="true" />
          </button>
        </li>
      ))}
    </ul>
  );
}
