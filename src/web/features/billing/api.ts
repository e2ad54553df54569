import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useNavigate } from "react-router";
import type { CreateSubscriptionResponse, DemoCardInput, Subscription } from "@/shared/billing";
import { PLAN } from "@/shared/billing";
import { PATHS } from "@/shared/paths";
import { toast } from "@/web/components/ui/use-toast";
import { apiRequest, errorMessage, getJson, requestJson } from "@/web/lib/api";
import { queryKeys } from "@/web/lib/query-keys";

/** The provider's subscription; null before the first one. */
export const subscriptionQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.subscription.all,
    queryFn: () => getJson<Subscription | null>("/api/subscription"),
  });

/** Spec section 8: after the card is confirmed, the provider goes on to the leads. */
export const AFTER_PAYMENT_PATH = PATHS.providerDashboard;

/** The demo provider's card check: nothing leaves this server and nobody is charged. */
export async function confirmDemoCard(card: Omit<DemoCardInput, "clientSecret">, clientSecret: string): Promise<void> {
  await apiRequest("POST", "/api/subscription/demo/confirm", { ...card, clientSecret });
}

/** After Stripe confirmed a card: read the new state at once rather than wait for the webhook. */
export async function refreshSubscription(): Promise<void> {
  await apiRequest("POST", "/api/subscription/refresh").catch(() => undefined);
}

/**
 * The subscribe flow of spec sections 7 and 8, whichever card form runs it: create the subscription
 * ('Error' toast when that fails), have the form confirm the card with the client secret ('Payment
 * Failed' with the processor's message), then 'Subscription Activated' and on to the dashboard.
 */
export function useSubscribe(): {
  subscribe: (confirmCard: (created: CreateSubscriptionResponse) => Promise<void>) => Promise<void>;
  isPending: boolean;
} {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [isPending, setPending] = useState(false);

  const subscribe = async (confirmCard: (created: CreateSubscriptionResponse) => Promise<void>) => {
    setPending(true);
    try {
      let created: CreateSubscriptionResponse;
      try {
        created = await requestJson<CreateSubscriptionResponse>("POST", "/api/create-subscription");
      } catch (err) {
        toast({ title: "Error", description: errorMessage(err), variant: "destructive" });
        return;
      }
      try {
        await confirmCard(created);
      } catch (err) {
        toast({ title: "Payment Failed", description: errorMessage(err), variant: "destructive" });
        return;
      }
      // The subscription decides what a provider may see (lead access, leads, cards): read all again.
      await queryClient.invalidateQueries({ refetchType: "all" });
      toast({
        title: "Subscription Activated",
        description:
          created.intent === "setup"
            ? `Your ${PLAN.trialDays}-day free trial has started.`
            : "Your subscription is active. Welcome aboard!",
      });
      navigate(AFTER_PAYMENT_PATH);
    } finally {
      setPending(false);
    }
  };
  return { subscribe, isPending };
}

export function useCancelSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => requestJson<Subscription>("POST", "/api/subscription/cancel"),
    onSuccess: (subscription) => {
      queryClient.setQueryData(subscriptionQueryOptions().queryKey, subscription);
      void queryClient.invalidateQueries({
        predicate: (query) => query.queryKey[0] !== subscriptionQueryOptions().queryKey[0],
      });
      toast({ title: "Subscription Canceled", description: "You will no longer be billed." });
    },
    onError: (err) => toast({ title: "Error", description: errorMessage(err), variant: "destructive" }),
  });
}
