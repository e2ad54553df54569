import { useQuery } from "@tanstack/react-query";
import { Loader2 } from "lucide-react";
import { lazy, Suspense } from "react";
import { PLAN, PLAN_PRICE_LABEL, SUBSCRIPTION_STATUS_LABELS, type Subscription } from "@/shared/billing";
import { RetryAlert } from "@/web/components/list-states";
import { SectionPage } from "@/web/components/section-page";
import { StatusPill } from "@/web/components/status-pill";
import { ConfirmButton } from "@/web/components/ui/alert-dialog";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/web/components/ui/card";
import { formatDate } from "@/web/lib/format";
import { usePublicConfig } from "@/web/lib/public-config";
import { subscriptionQueryOptions, useCancelSubscription } from "./api";
import { DemoCardForm } from "./demo-card-form";
import { PlanCard } from "./plan-card";

/** A day the subscription names; none, nothing. */
const day = (iso: string | null) => (iso ? formatDate(iso) : "");

function Spinner() {
  return (
    <span role="status" className="flex items-center gap-2 text-slate-600">
      <Loader2 aria-hidden className="h-5 w-5 animate-spin" />
      Loading...
    </span>
  );
}

const StripeCardForm = lazy(async () => ({ default: (await import("./stripe-card-form")).StripeCardForm }));

/** Spec screen 9: the plan, and the card form or the running subscription. */
export function SubscriptionPage() {
  const subscription = useQuery(subscriptionQueryOptions());
  const config = usePublicConfig();
  const sub = subscription.data ?? null;
  const running = sub && sub.status !== "incomplete" && sub.status !== "canceled";

  return (
    <SectionPage title="Subscription" intro="Your plan and billing.">
      <div className="grid gap-6 lg:grid-cols-2">
        <PlanCard />
        {subscription.isLoading || config.isLoading ? (
          <Card className="flex min-h-48 items-center justify-center">
            <Spinner />
          </Card>
        ) : subscription.isError || config.isError ? (
          // Never the card form on a failed read: the provider may already be paying.
          <Card>
            <CardHeader>
              <CardTitle as="h2">Your Subscription</CardTitle>
            </CardHeader>
            <CardContent className="space-y-3">
              <RetryAlert
                error={subscription.error ?? config.error}
                what="Your subscription"
                onRetry={() => void Promise.all([subscription.refetch(), config.refetch()])}
              />
            </CardContent>
          </Card>
        ) : running ? (
          <SubscriptionStatusCard subscription={sub} />
        ) : (
          <Card>
            <CardHeader>
              <CardTitle as="h2">Complete Your Subscription</CardTitle>
              <CardDescription>
                {sub?.status === "canceled"
                  ? `Your previous subscription was canceled on ${day(sub.canceledAt)}. Subscribing again starts billing at once.`
                  : `Start your ${PLAN.trialDays}-day free trial. ${PLAN_PRICE_LABEL}/month after that, billed monthly; cancel anytime.`}
              </CardDescription>
            </CardHeader>
            <CardContent>
              {config.data?.billing.provider === "stripe" && config.data.billing.stripePublishableKey ? (
                <Suspense fallback={<Spinner />}>
                  <StripeCardForm publishableKey={config.data.billing.stripePublishableKey} />
                </Suspense>
              ) : (
                <DemoCardForm />
              )}
            </CardContent>
          </Card>
        )}
      </div>
    </SectionPage>
  );
}

const badgeStyles: Record<Subscription["status"], string> = {
  incomplete: "bg-slate-100 text-slate-800",
  trialing: "bg-blue-100 text-blue-900",
  active: "bg-green-100 text-green-900",
  past_due: "bg-red-100 text-red-900",
  canceled: "bg-slate-100 text-slate-800",
};

function stateLine(sub: Subscription): string {
  switch (sub.status) {
    case "trialing":
      return `Free trial until ${day(sub.trialEndsAt)}. Then ${PLAN_PRICE_LABEL}/month, billed monthly.`;
    case "active":
      return sub.cancelAtPeriodEnd
        ? `Active until ${day(sub.currentPeriodEnd)}, then it ends.`
        : `Active. Renews on ${day(sub.currentPeriodEnd)} at ${PLAN_PRICE_LABEL}.`;
    case "past_due":
      return "Your last payment failed. New leads are paused until it is paid. To pay with another card, cancel and subscribe again.";
    case "canceled":
      return `Canceled on ${day(sub.canceledAt)}.`;
    default:
      return "Waiting for your card.";
  }
}

function SubscriptionStatusCard({ subscription: sub }: { subscription: Subscription }) {
  const cancel = useCancelSubscription();
  return (
    <Card data-testid="subscription-status">
      <CardHeader>
        <div className="flex items-center justify-between gap-2">
          <CardTitle as="h2">Your Subscription</CardTitle>
          <StatusPill
            status={sub.status}
            labels={SUBSCRIPTION_STATUS_LABELS}
            tints={badgeStyles}
            testId="subscription-status-badge"
          />
        </div>
        <CardDescription>
          {sub.provider === "demo" ? "Demo billing — no charge." : "Billed through Stripe."}
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <p data-testid="subscription-state" className="text-slate-900">
          {stateLine(sub)}
        </p>
        {sub.cardLast4 ? <p className="text-sm text-slate-600">Card ending in {sub.cardLast4}</p> : null}
        <p className="text-sm text-slate-600">
          {PLAN.moneyBackDays}-day money-back guarantee: not satisfied in your first {PLAN.moneyBackDays} days of paid
          service, ask us for a full refund.
        </p>
        <ConfirmButton
          label="Cancel subscription"
          busyLabel="Canceling..."
          busy={cancel.isPending}
          title="Cancel your subscription?"
          description="It ends at once: you stop receiving new leads and are not billed again. You can subscribe again at any time."
          confirmLabel="Cancel subscription"
          cancelLabel="Keep subscription"
          onConfirm={() => cancel.mutate()}
        />
      </CardContent>
    </Card>
  );
}
