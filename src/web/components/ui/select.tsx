import { Check, ChevronDown } from "lucide-react";
import { Select as S } from "radix-ui";
import { cn } from "@/web/lib/cn";

export type SelectOption = { value: string; label: string };

/** A labelled dropdown on Radix Select: keyboard and screen-reader behaviour come with it. */
export function Select({
  label,
  value,
  onValueChange,
  options,
  className,
}: {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  options: SelectOption[];
  className?: string;
}) {
  return (
    <S.Root value={value} onValueChange={onValueChange}>
      <S.Trigger
        aria-label={label}
        className={cn(
          "inline-flex h-9 items-center justify-between gap-2 rounded-md border border-slate-300 bg-white px-3 text-sm text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-500",
          className,
        )}
      >
        <S.Value />
        <S.Icon>
          <ChevronDown className="h-4 w-4 text-slate-600" aria-hidden="true" />
        </S.Icon>
      </S.Trigger>
      <S.Portal>
        <S.Content
          position="popper"
          sideOffset={4}
          className="z-50 min-w-[10rem] rounded-md border border-slate-200 bg-white p-1 shadow-md"
        >
          <S.Viewport>
            {options.map((o) => (
              <S.Item
                key={o.value}
                value={o.value}
                className="relative flex cursor-pointer select-none items-center rounded px-7 py-1.5 text-sm text-slate-900 outline-none data-[highlighted]:bg-slate-100"
              >
                <S.ItemIndicator className="absolute left-2">
                  <Check className="h-4 w-4" aria-hidden="true" />
                </S.ItemIndicator>
                <S.ItemText>{o.label}</S.ItemText>
              </S.Item>
            ))}
          </S.Viewport>
        </S.Content>
      </S.Portal>
    </S.Root>
  );
}
