import { type FormEvent, useState } from "react";
import { demoCardSchema } from "@/shared/billing";
import { Button } from "@/web/components/ui/button";
import { Field } from "@/web/components/ui/field";
import { Input } from "@/web/components/ui/form-controls";
import { confirmDemoCard, useSubscribe } from "./api";

const fieldsSchema = demoCardSchema.omit({ clientSecret: true });
type CardField = "cardNumber" | "expiry" | "cvc";

/** The demo provider's card form: nothing leaves this server and nobody is charged. */
export function DemoCardForm() {
  const { subscribe, isPending } = useSubscribe();
  const [values, setValues] = useState<Record<CardField, string>>({ cardNumber: "", expiry: "", cvc: "" });
  const [errors, setErrors] = useState<Partial<Record<CardField, string>>>({});

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = fieldsSchema.safeParse(values);
    if (!parsed.success) {
      const next: Partial<Record<CardField, string>> = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0];
        if ((key === "cardNumber" || key === "expiry" || key === "cvc") && !next[key]) next[key] = issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    await subscribe(({ clientSecret }) => confirmDemoCard(values, clientSecret));
  };

  const field = (name: CardField, label: string, props: Parameters<typeof Input>[0]) => (
    <Field id={`demo-${name}`} label={label} error={errors[name]}>
      {(control) => (
        <Input
          {...control}
          value={values[name]}
          onChange={(e) => setValues((v) => ({ ...v, [name]: e.target.value }))}
          {...props}
        />
      )}
    </Field>
  );

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="demo-card-form-title" className="space-y-4">
      <fieldset className="space-y-4 rounded-md border border-dashed border-amber-500 bg-amber-50 p-4">
        <legend id="demo-card-form-title" className="px-1 text-sm font-semibold text-amber-900">
          Demo card form — no charge
        </legend>
        <p className="text-sm text-amber-900">
          This marketplace runs its built-in demo billing. Use a test card: 4242 4242 4242 4242 succeeds, 4000 0000 0000
          0002 is declined. Any future expiry date and any CVC.
        </p>
        {field("cardNumber", "Card number", {
          inputMode: "numeric",
          autoComplete: "cc-number",
          placeholder: "4242 4242 4242 4242",
          maxLength: 23,
        })}
        <div className="grid grid-cols-2 gap-4">
          {field("expiry", "Expiry (MM / YY)", { autoComplete: "cc-exp", placeholder: "12 / 34", maxLength: 7 })}
          {field("cvc", "CVC", { inputMode: "numeric", autoComplete: "cc-csc", placeholder: "123", maxLength: 4 })}
        </div>
      </fieldset>
      <Button type="submit" className="w-full" size="lg" disabled={isPending}>
        {isPending ? "Processing..." : "Subscribe Now"}
      </Button>
    </form>
  );
}
