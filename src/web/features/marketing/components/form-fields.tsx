// The public forms' honeypot. Their labelled controls are the shared Field (components/ui/field.tsx).
import type { UseFormRegisterReturn } from "react-hook-form";

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
