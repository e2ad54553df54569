// What a provider is told when the subscription state machine moves (decision 062): one message per
// status reached, for the demo and Stripe paths alike, written in the transaction of the change.
import { PLAN, PLAN_PRICE_LABEL, subscriptionGrantsAccess } from "@/shared/billing";
import { BRAND_NAME } from "@/shared/brand";
import { formatUtcDay } from "@/shared/dates";
import type { NotificationKind } from "@/shared/notifications";
import { PATHS } from "@/shared/paths";
import type { Db } from "../../db/client";
import type { SubscriptionRow } from "../../db/schema/subscriptions";
import { JOB_NAMES } from "../../jobs/queue";
import { composeNotification } from "../notifications/compose";
import { type MessagingDeps, notifyUser } from "../notifications/service";
import * as q from "./queries";

type Message = { kind: NotificationKind; title: string; body: string };

const day = (d: Date | null) => (d ? formatUtcDay(d) : null);

function messageFor(row: SubscriptionRow): Message | null {
  switch (row.status) {
    case "trialing": {
      const until = day(row.trialEndsAt);
      return {
        kind: "subscription.trial_started",
        title: "Your free trial has started",
        body: `Your ${PLAN.trialDays}-day free trial of the ${PLAN.name} runs${until ? ` until ${until}` : ""}. Leads matched to your company will arrive on your dashboard.`,
      };
    }
    case "active": {
      const renews = day(row.currentPeriodEnd);
      return {
        kind: "subscription.activated",
        title: "Your subscription is active",
        body: `Your ${PLAN.name} (${PLAN_PRICE_LABEL}/${PLAN.interval}) is active${renews ? ` and renews on ${renews}` : ""}.`,
      };
    }
    case "past_due":
      return {
        kind: "subscription.payment_failed",
        title: "Payment failed",
        body: `We could not charge your card for the ${PLAN.name}. Until it is paid you receive no new leads. To pay with another card, cancel it on the Subscription page and subscribe again.`,
      };
    case "canceled":
      return {
        kind: "subscription.canceled",
        title: "Your subscription is canceled",
        body: "You no longer receive new leads. You can subscribe again at any time.",
      };
    case "incomplete":
      return null;
  }
}

/** Tells the provider that their subscription reached `row.status` (nothing for incomplete). */
export async function tellSubscriptionChange(tx: Db, deps: MessagingDeps, row: SubscriptionRow): Promise<void> {
  const { appUrl } = deps;
  const message = messageFor(row);
  if (!message) return;
  const subscriber = await q.findSubscriber(tx, row.userId);
  if (!subscriber) return;
  await notifyUser(
    tx,
    deps,
    composeNotification(appUrl, {
      ...message,
      to: subscriber,
      link: PATHS.subscription,
      email: { subject: `${message.title} | ${BRAND_NAME}`, action: "Your subscription" },
    }),
  );
}

/**
 * Stores a new state; when the status changed, the provider is told in the same transaction, and a
 * status that now grants access asks for a rematch there too: its provider may be eligible for open
 * requests (decision 082).
 */
export async function changeSubscriptionState(
  tx: Db,
  deps: MessagingDeps,
  id: number,
  state: Parameters<typeof q.updateSubscriptionState>[2],
): Promise<SubscriptionRow | undefined> {
  const before = await q.lockSubscription(tx, id);
  if (!before) return undefined;
  const after = await q.updateSubscriptionState(tx, id, state);
  if (!after || after.status === before.status) return after;
  await tellSubscriptionChange(tx, deps, after);
  if (subscriptionGrantsAccess(after.status)) {
    await deps.jobs.send(JOB_NAMES.rematchOpenRequests, { reason: `subscription-${after.status}` }, { tx });
  }
  return after;
}
