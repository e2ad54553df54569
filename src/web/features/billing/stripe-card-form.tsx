// Loaded only when the configured provider is Stripe (a chunk of its own): Stripe.js comes from
// Stripe's servers, and the demo provider must load nothing from the network.
import { CardElement, Elements, useElements, useStripe } from "@stripe/react-stripe-js";
import { loadStripe, type Stripe } from "@stripe/stripe-js";
import { type FormEvent, useMemo } from "react";
import { Button } from "@/web/components/ui/button";
import { FieldGroup } from "@/web/components/ui/field";
import { AFTER_PAYMENT_PATH, refreshSubscription, useSubscribe } from "./api";

const loaded = new Map<string, Promise<Stripe | null>>();
function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let promise = loaded.get(publishableKey);
  if (!promise) {
    promise = loadStripe(publishableKey);
    loaded.set(publishableKey, promise);
  }
  return promise;
}

function CardFields() {
  const stripe = useStripe();
  const elements = useElements();
  const { subscribe, isPending } = useSubscribe();

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const card = elements?.getElement(CardElement);
    if (!stripe || !card) return;
    await subscribe(async ({ clientSecret, intent }) => {
      const data = { payment_method: { card }, return_url: `${window.location.origin}${AFTER_PAYMENT_PATH}` };
      const result =
        intent === "setup"
          ? await stripe.confirmCardSetup(clientSecret, data)
          : await stripe.confirmCardPayment(clientSecret, data);
      if (result.error) throw new Error(result.error.message ?? "Your card could not be confirmed.");
      await refreshSubscription();
    });
  };

  return (
    <form onSubmit={onSubmit} className="space-y-4">
      {/* Stripe's card element is a frame that takes no id: the group's legend names it. */}
      <FieldGroup legend="Card details">
        <div className="rounded-md border border-slate-300 bg-white px-3 py-3">
          <CardElement options={{ style: { base: { fontSize: "16px", color: "#0f172a" } } }} />
        </div>
        <p className="text-sm text-slate-600">Payments are processed securely by Stripe.</p>
      </FieldGroup>
      <Button type="submit" className="w-full" size="lg" disabled={!stripe || isPending}>
        {isPending ? "Processing..." : "Subscribe Now"}
      </Button>
    </form>
  );
}

export function StripeCardForm({ publishableKey }: { publishableKey: string }) {
  const stripePromise = useMemo(() => stripeFor(publishableKey), [publishableKey]);
  return (
    <Elements stripe={stripePromise}>
      <CardFields />
    </Elements>
  );
}
