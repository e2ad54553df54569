import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useNavigate } from "react-router";
import type { CreateSubscriptionResponse, Subscription } from "@/shared/billing";
import { PLAN } from "@/shared/billing";
import { toast } from "@/web/components/ui/use-toast";
import { apiRequest, errorMessage, getJson } from "@/web/lib/api";

export const subscriptionQueryOptions = () =>
  queryOptions({
    queryKey: ["subscription"],
    queryFn: async () => (await getJson<Subscription | null>("/api/subscription")) ?? null,
  });

/** Spec section 8: after the card is confirmed, the provider goes on to the leads. */
export const AFTER_PAYMENT_PATH = "/provider-dashboard";

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
        created = (await (await apiRequest("POST", "/api/create-subscription")).json()) as CreateSubscriptionResponse;
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
    mutationFn: async () => (await (await apiRequest("POST", "/api/subscription/cancel")).json()) as Subscription,
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

export function formatDate(iso: string | null): string {
  if (!iso) return "";
  return new Date(iso).toLocaleDateString("en-US", { month: "long", day: "numeric", year: "numeric" });
}
