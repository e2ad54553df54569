import { Check } from "lucide-react";
import { PLAN, PLAN_PRICE_LABEL } from "@/shared/billing";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/web/components/ui/card";

/** Spec screen 9: $99/month billed monthly, with the feature list and the money-back guarantee. */
export function PlanCard() {
  return (
    <Card data-testid="plan-card">
      <CardHeader>
        <CardTitle as="h2">{PLAN.name}</CardTitle>
        <CardDescription>Everything you need to win automation projects.</CardDescription>
        <p className="mt-4 flex items-baseline gap-1">
          <span className="text-4xl font-bold text-slate-900">{PLAN_PRICE_LABEL}</span>
          <span className="text-slate-600">/month</span>
        </p>
        <p className="text-sm text-slate-600">Billed monthly. {PLAN.trialDays}-day free trial, cancel anytime.</p>
      </CardHeader>
      <CardContent>
        <ul className="space-y-2" aria-label="Included in the plan">
          {PLAN.features.map((feature) => (
            <li key={feature} className="flex items-start gap-2 text-sm text-slate-800">
              <Check aria-hidden className="mt-0.5 h-4 w-4 shrink-0 text-green-700" />
              {feature}
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
