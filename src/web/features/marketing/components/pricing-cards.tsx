// Spec section 9, the per-lead plans of the vendor marketing pages. Both buttons lead to the
// application form, since a vendor is onboarded before buying leads.
import { cn } from "@/web/lib/cn";
import { IconList, ScrollButton } from "./marketing-ui";

export type PricingPlan = {
  name: string;
  price: string;
  period: string;
  description: string;
  features: readonly string[];
  popular: boolean;
};

export const PER_LEAD_PLANS: readonly PricingPlan[] = [
  {
    name: "Basic",
    price: "$100",
    period: "per lead",
    description: "Steady, pre-qualified demand for growing automation teams.",
    features: [
      "Pre-qualified leads",
      "Basic lead information",
      "Email support",
      "Standard matching algorithm",
      "Monthly reporting",
      "30-day payment terms",
    ],
    popular: false,
  },
  {
    name: "Premium",
    price: "$500",
    period: "per lead",
    description: "Exclusive, high-value projects with a direct line to the client.",
    features: [
      "Exclusive leads",
      "Detailed project specifications",
      "Priority support",
      "Advanced matching preferences",
      "Real-time notifications",
      "Direct client introductions",
      "Success guarantee",
    ],
    popular: true,
  },
];

export function PricingCards({ plans, formId }: { plans: readonly PricingPlan[]; formId: string }) {
  return (
    <ul className="mx-auto grid max-w-4xl gap-8 md:grid-cols-2">
      {plans.map((plan) => {
        const headingId = `plan-${plan.name.toLowerCase()}`;
        return (
          <li
            key={plan.name}
            className={cn(
              "relative flex flex-col rounded-xl border bg-white p-8 shadow-sm",
              plan.popular ? "border-blue-600 ring-2 ring-blue-600" : "border-slate-200",
            )}
          >
            {plan.popular ? (
              <p className="absolute -top-3.5 left-1/2 -translate-x-1/2 rounded-full bg-blue-600 px-4 py-1 text-xs font-semibold uppercase tracking-wide text-white">
                Most Popular
              </p>
            ) : null}
            <h3 id={headingId} className="text-xl font-semibold text-slate-900">
              {plan.name}
            </h3>
            <p className="mt-2 text-slate-600">{plan.description}</p>
            <p className="mt-6 flex items-baseline gap-2">
              <span className="text-4xl font-bold text-slate-900">{plan.price}</span>
              <span className="text-slate-600">{plan.period}</span>
            </p>
            <IconList
              items={plan.features}
              mark="tick"
              className="mt-6 flex-1 space-y-3"
              label={`${plan.name} features`}
            />
            <ScrollButton
              target={formId}
              size="lg"
              variant={plan.popular ? "default" : "outline"}
              className="mt-8 w-full"
              aria-describedby={headingId}
            >
              Get Started
            </ScrollButton>
          </li>
        );
      })}
    </ul>
  );
}
