// What the public forms share: their frame and submit button, their toasts, the honeypot, and who is
// writing (name, email, company). Their labelled controls are the shared Field (components/ui/field.tsx).
import type { FormEventHandler, ReactNode } from "react";
import type { UseFormRegisterReturn } from "react-hook-form";
import { Button } from "@/web/components/ui/button";
import { binder, type FormOf, InputField } from "@/web/components/ui/form-fields";
import { type ToastInput, toast } from "@/web/components/ui/use-toast";

/** A public form: its fields, then the full-width submit button, then what the form adds under it. */
export function PublicForm({
  label,
  onSubmit,
  isPending,
  submitLabel,
  pendingLabel,
  footer,
  children,
}: {
  label: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  isPending: boolean;
  submitLabel: string;
  pendingLabel: string;
  footer?: ReactNode;
  children: ReactNode;
}) {
  return (
    <form noValidate aria-label={label} className="relative space-y-5" onSubmit={onSubmit}>
      {children}
      <Button type="submit" size="lg" className="w-full" disabled={isPending}>
        {isPending ? pendingLabel : submitLabel}
      </Button>
      {footer}
    </form>
  );
}

/**
 * A public form's answer to its submission (spec section 8): on success `done` (the form empties), then
 * the thanks; on failure the error toast, and the form stays as it was. Only response.ok matters.
 */
export function submissionToasts(thanks: ToastInput, failure: string, done: () => void) {
  return {
    onSuccess: () => {
      done();
      toast(thanks);
    },
    onError: () => toast({ title: "Error", description: failure, variant: "destructive" }),
  };
}

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

type Contact = { name: string; email: string; company: string };

const CONTACT_FIELDS = [
  { name: "name", label: "Full Name", type: "text", autoComplete: "name" },
  { name: "email", label: "Email Address", type: "email", autoComplete: "email" },
  { name: "company", label: "Company Name", type: "text", autoComplete: "organization" },
] as const;

/** Who is writing, the first fields of the inquiry and the vendor application: name and email side by side, then the company. */
export function ContactFields({ idPrefix, form }: { idPrefix: string; form: FormOf<Contact> }) {
  const field = binder(form, idPrefix);
  const [name, email, company] = CONTACT_FIELDS.map((f) => (
    <InputField key={f.name} {...field(f.name)} label={f.label} required type={f.type} autoComplete={f.autoComplete} />
  ));
  return (
    <>
      <div className="grid gap-5 sm:grid-cols-2">
        {name}
        {email}
      </div>
      {company}
    </>
  );
}
