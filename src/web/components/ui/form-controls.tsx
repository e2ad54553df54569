// The bare controls; a form's Field (./field.tsx) gives them their label, hint and message. Each takes a
// ref as a prop (React 19), for a form library's registration or a picker that moves the focus.
import type { ComponentProps } from "react";
import { cn } from "@/web/lib/cn";

const field =
  "flex w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 placeholder:text-slate-500 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-500 disabled:cursor-not-allowed disabled:opacity-50";

export function Input({ className, ...props }: ComponentProps<"input">) {
  return <input className={cn(field, "h-10", className)} {...props} />;
}
export function Textarea({ className, ...props }: ComponentProps<"textarea">) {
  return <textarea className={cn(field, "min-h-[96px]", className)} {...props} />;
}
export function NativeSelect({ className, ...props }: ComponentProps<"select">) {
  return <select className={cn(field, "h-10", className)} {...props} />;
}

type OptionValue = string | number;

/**
 * A select's options, in order. A plain value is shown by its label in `labels` (or `label`), else as
 * itself; an option given as `{ value, label }` brings its own.
 */
export function SelectOptions<V extends OptionValue>({
  options,
  labels,
  label,
}: {
  options: readonly (V | { value: V; label: string })[];
  labels?: Readonly<Record<V, string>>;
  label?: (value: V) => string;
}) {
  return (
    <>
      {options.map((o) => {
        const value = typeof o === "object" ? o.value : o;
        const shown = typeof o === "object" ? o.label : (labels?.[o] ?? label?.(o) ?? o);
        return (
          <option key={value} value={value}>
            {shown}
          </option>
        );
      })}
    </>
  );
}
