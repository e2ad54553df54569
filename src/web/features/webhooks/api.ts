// A provider's webhooks (issue 32 part 2, decision 173): its endpoints (/api/webhooks/endpoints), their
// secrets (shown once, on creation and rotation) and each endpoint's delivery log with "Send again".
import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type {
  CreateWebhookEndpointInput,
  UpdateWebhookEndpointInput,
  WebhookDeliveryPage,
  WebhookEndpoint,
  WebhookEndpointList,
  WebhookEndpointWithSecret,
} from "@/shared/webhooks";
import { apiRequest, getJson, requestJson } from "@/web/lib/api";
import { queryKeys } from "@/web/lib/query-keys";

const ENDPOINTS = "/api/webhooks/endpoints";
const endpointUrl = (id: number) => `${ENDPOINTS}/${id}`;

/** The provider's endpoints, in the order they were added, each with its last delivery. */
export const webhookEndpointsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.webhooks.endpoints(),
    queryFn: () => getJson<WebhookEndpointList>(ENDPOINTS),
    select: (list) => list.endpoints,
  });

/** One endpoint's deliveries, newest first; "Load more" reads the next page from the cursor the last one gave. */
export const webhookDeliveriesQueryOptions = (endpointId: number) =>
  infiniteQueryOptions({
    queryKey: queryKeys.webhooks.deliveries(endpointId),
    queryFn: ({ pageParam }) =>
      getJson<WebhookDeliveryPage>(
        `${endpointUrl(endpointId)}/deliveries${pageParam ? `?cursor=${encodeURIComponent(pageParam)}` : ""}`,
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

/**
 * Re-reads the endpoints and the logs read so far: after every change (a change of one may change what
 * the other shows), and on "Refresh", as the sender works in the background.
 */
export function useRefreshWebhooks() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.webhooks.all });
}

/** POST: the answer carries the signing secret, the only time it is shown. */
export function useCreateWebhookEndpoint() {
  const changed = useRefreshWebhooks();
  return useMutation({
    mutationFn: (input: CreateWebhookEndpointInput) => requestJson<WebhookEndpointWithSecret>("POST", ENDPOINTS, input),
    onSuccess: changed,
  });
}

/** PATCH: the address, the events, the description, or turning it off and on. */
export function useUpdateWebhookEndpoint() {
  const changed = useRefreshWebhooks();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: UpdateWebhookEndpointInput }) =>
      requestJson<WebhookEndpoint>("PATCH", endpointUrl(id), input),
    onSuccess: changed,
  });
}

export function useDeleteWebhookEndpoint() {
  const changed = useRefreshWebhooks();
  return useMutation({
    mutationFn: async (id: number) => {
      await apiRequest("DELETE", endpointUrl(id));
    },
    onSuccess: changed,
  });
}

/** A new secret, shown once; the previous one keeps signing beside it for 24 hours. */
export function useRotateWebhookSecret() {
  const changed = useRefreshWebhooks();
  return useMutation({
    mutationFn: (id: number) => requestJson<WebhookEndpointWithSecret>("POST", `${endpointUrl(id)}/rotate-secret`),
    onSuccess: changed,
  });
}

/** "Send again": the delivery is due now, with a fresh retry schedule. */
export function useResendWebhookDelivery() {
  const changed = useRefreshWebhooks();
  return useMutation({
    mutationFn: async (deliveryId: number) => {
      await apiRequest("POST", `/api/webhooks/deliveries/${deliveryId}/resend`);
    },
    onSuccess: changed,
  });
}
