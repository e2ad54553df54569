// What the public forms share: their frame and submit button, their toasts, the honeypot, and who is
// writing (name, email, company). Their labelled controls are the shared Field (components/ui/field.tsx).
import type { FormEventHandler, ReactNode } from "react";
import type { UseFormRegisterReturn } from "react-hook-form";
import { Button } from "@/web/components/ui/button";
import { Field } from "@/web/components/ui/field";
import { Input } from "@/web/components/ui/form-controls";
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

type ContactField = "name" | "email" | "company";

/** Who is writing, the first fields of the inquiry and the vendor application: name and email side by side, then the company. */
export function ContactFields({
  idPrefix,
  register,
  errors,
}: {
  idPrefix: string;
  register: (name: ContactField) => UseFormRegisterReturn;
  errors: Partial<Record<ContactField, { message?: string }>>;
}) {
  return (
    <>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field id={`${idPrefix}-name`} label="Full Name" required error={errors.name?.message}>
          {(control) => <Input {...control} type="text" autoComplete="name" {...register("name")} />}
        </Field>
        <Field id={`${idPrefix}-email`} label="Email Address" required error={errors.email?.message}>
          {(control) => <Input {...control} type="email" autoComplete="email" {...register("email")} />}
        </Field>
      </div>
      <Field id={`${idPrefix}-company`} label="Company Name" required error={errors.company?.message}>
        {(control) => <Input {...control} type="text" autoComplete="organization" {...register("company")} />}
      </Field>
    </>
  );
}
