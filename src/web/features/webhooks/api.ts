// A provider's webhooks (issue 32 part 2, decision 173): its endpoints (/api/webhooks/endpoints), their
// secrets (shown once, on creation and rotation) and each endpoint's delivery log with "Send again".
import { infiniteQueryOptions, queryOptions, useQueryClient } from "@tanstack/react-query";
import type {
  CreateWebhookEndpointInput,
  UpdateWebhookEndpointInput,
  WebhookDeliveryPage,
  WebhookEndpoint,
  WebhookEndpointList,
  WebhookEndpointWithSecret,
} from "@/shared/webhooks";
import { apiRequest, getJson, requestJson } from "@/web/lib/api";
import { cursorPages } from "@/web/lib/cursor-pages";
import { queryKeys } from "@/web/lib/query-keys";
import { useRefreshingMutation } from "@/web/lib/refreshing-mutation";

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
    ...cursorPages<WebhookDeliveryPage>(`${endpointUrl(endpointId)}/deliveries`),
  });

/**
 * Re-reads the endpoints and the logs read so far: after every change (a change of one may change what
 * the other shows), and on "Refresh", as the sender works in the background.
 */
export function useRefreshWebhooks() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.webhooks.all });
}

/** After every change, the endpoints and their logs are read again (useRefreshWebhooks). */
const useWebhookMutation = <R, V>(mutationFn: (vars: V) => Promise<R>) =>
  useRefreshingMutation({ mutationFn, refresh: queryKeys.webhooks.all, afterSuccessOnly: true });

/** POST: the answer carries the signing secret, the only time it is shown. */
export const useCreateWebhookEndpoint = () =>
  useWebhookMutation((input: CreateWebhookEndpointInput) =>
    requestJson<WebhookEndpointWithSecret>("POST", ENDPOINTS, input),
  );

/** PATCH: the address, the events, the description, or turning it off and on. */
export const useUpdateWebhookEndpoint = () =>
  useWebhookMutation(({ id, input }: { id: number; input: UpdateWebhookEndpointInput }) =>
    requestJson<WebhookEndpoint>("PATCH", endpointUrl(id), input),
  );

export const useDeleteWebhookEndpoint = () =>
  useWebhookMutation(async (id: number) => {
    await apiRequest("DELETE", endpointUrl(id));
  });

/** A new secret, shown once; the previous one keeps signing beside it for 24 hours. */
export const useRotateWebhookSecret = () =>
  useWebhookMutation((id: number) =>
    requestJson<WebhookEndpointWithSecret>("POST", `${endpointUrl(id)}/rotate-secret`),
  );

/** "Send again": the delivery is due now, with a fresh retry schedule. */
export const useResendWebhookDelivery = () =>
  useWebhookMutation(async (deliveryId: number) => {
    await apiRequest("POST", `/api/webhooks/deliveries/${deliveryId}/resend`);
  });
