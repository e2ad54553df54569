// One endpoint's delivery log, newest first with "Load more": each event sent, how it went, each attempt
// with the receiver's answer, the payload, and "Send again". The sender works in the background and the
// app does not poll (spec section 7): "Refresh" reads the log again.
import { useInfiniteQuery } from "@tanstack/react-query";
import { RefreshCw } from "lucide-react";
import { useId } from "react";
import type { WebhookAttempt, WebhookDelivery } from "@/shared/webhooks";
import { QueryStates } from "@/web/components/list-states";
import { LoadMore } from "@/web/components/load-more";
import { StatusPill } from "@/web/components/status-pill";
import { Button } from "@/web/components/ui/button";
import { toast } from "@/web/components/ui/use-toast";
import { errorMessage } from "@/web/lib/api";
import { formatDateTime } from "@/web/lib/format";
import { useRefreshWebhooks, useResendWebhookDelivery, webhookDeliveriesQueryOptions } from "./api";

/** Where a delivery stands: "pending" is retrying once an attempt has failed, and waiting before any. */
type DeliveryState = "waiting" | "retrying" | "delivered" | "failed";

const STATE_LABELS: Record<DeliveryState, string> = {
  waiting: "Waiting",
  retrying: "Retrying",
  delivered: "Delivered",
  failed: "Failed",
};
const STATE_TINTS: Record<DeliveryState, string> = {
  waiting: "bg-slate-100 text-slate-800",
  retrying: "bg-amber-100 text-amber-900",
  delivered: "bg-green-100 text-green-800",
  failed: "bg-red-100 text-red-800",
};

function stateOf(delivery: WebhookDelivery): DeliveryState {
  if (delivery.status !== "pending") return delivery.status;
  return delivery.attempts.length > 0 ? "retrying" : "waiting";
}

export function DeliveryLog({ id, endpointId, name }: { id: string; endpointId: number; name: string }) {
  const log = useInfiniteQuery(webhookDeliveriesQueryOptions(endpointId));
  const refresh = useRefreshWebhooks();
  const titleId = useId();
  const deliveries = log.data?.pages.flatMap((p) => p.items);
  return (
    <section
      id={id}
      aria-labelledby={titleId}
      className="space-y-3 border-t border-slate-200 pt-4"
      data-testid="webhook-log"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h4 id={titleId} className="text-sm font-semibold text-slate-900">
          Delivery log <span className="sr-only">of {name}</span>
        </h4>
        <Button variant="outline" size="sm" onClick={() => void refresh()} disabled={log.isFetching}>
          <RefreshCw className="h-4 w-4" aria-hidden="true" />
          {log.isFetching && !log.isFetchingNextPage ? "Refreshing..." : "Refresh"}
        </Button>
      </div>
      <QueryStates
        query={{ isLoading: log.isLoading, isError: log.isError, error: log.error, data: deliveries }}
        what="The delivery log"
        small
        isEmpty={(items) => items.length === 0}
        empty={
          <p className="text-sm text-slate-600">
            Nothing sent yet. Each event this endpoint receives is listed here, with the answers of your receiver.
          </p>
        }
      >
        {(items) => (
          <ol className="space-y-3" aria-label={`Deliveries to ${name}`}>
            {items.map((delivery) => (
              <DeliveryItem key={delivery.id} delivery={delivery} />
            ))}
          </ol>
        )}
      </QueryStates>
      <LoadMore list={log} />
    </section>
  );
}

/** One attempt: when, the receiver's status (none when it did not answer), how long, and its answer's start. */
function AttemptRow({ attempt }: { attempt: WebhookAttempt }) {
  return (
    <tr data-testid="webhook-attempt">
      <td className="whitespace-nowrap py-1 pr-3">{formatDateTime(attempt.at)}</td>
      <td className="whitespace-nowrap py-1 pr-3">{attempt.responseStatus ?? "No answer"}</td>
      <td className="whitespace-nowrap py-1 pr-3">{attempt.durationMs} ms</td>
      <td className="max-w-0 py-1 sm:w-1/2">
        <code className="block truncate font-mono text-slate-700" title={attempt.excerpt}>
          {attempt.excerpt || "(empty)"}
        </code>
      </td>
    </tr>
  );
}

function DeliveryItem({ delivery }: { delivery: WebhookDelivery }) {
  const resend = useResendWebhookDelivery();
  const state = stateOf(delivery);
  const send = () =>
    resend.mutate(delivery.id, {
      onSuccess: () => toast({ title: "Delivery Queued", description: "It is sent again in a few seconds." }),
      onError: (err) => toast({ title: "Error", description: errorMessage(err), variant: "destructive" }),
    });
  return (
    <li className="space-y-2 rounded-md border border-slate-200 p-3 text-sm" data-testid="webhook-delivery">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <StatusPill status={state} labels={STATE_LABELS} tints={STATE_TINTS} testId="webhook-delivery-status" />
        <code className="font-mono font-medium text-slate-900">{delivery.event}</code>
        <code className="font-mono text-xs text-slate-600" title="The webhook-id header">
          {delivery.messageId}
        </code>
        <span className="text-slate-600 sm:ml-auto">{formatDateTime(delivery.createdAt)}</span>
      </div>
      {delivery.nextAttemptAt ? (
        <p className="text-slate-700">Next attempt {formatDateTime(delivery.nextAttemptAt)}</p>
      ) : null}
      {delivery.attempts.length > 0 ? (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-xs">
            <caption className="sr-only">Attempts to send {delivery.messageId}</caption>
            <thead className="text-slate-600">
              <tr>
                <th scope="col" className="py-1 pr-3 font-medium">
                  Time
                </th>
                <th scope="col" className="py-1 pr-3 font-medium">
                  HTTP status
                </th>
                <th scope="col" className="py-1 pr-3 font-medium">
                  Duration
                </th>
                <th scope="col" className="py-1 font-medium">
                  Response
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {delivery.attempts.map((attempt) => (
                <AttemptRow key={attempt.at} attempt={attempt} />
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p className="text-slate-600">Not sent yet.</p>
      )}
      <div className="flex flex-wrap items-start justify-between gap-2">
        <details className="min-w-0 flex-1">
          <summary className="cursor-pointer text-slate-700">Payload</summary>
          <section
            aria-label={`Payload of ${delivery.messageId}`}
            // biome-ignore lint/a11y/noNoninteractiveTabindex: the payload scrolls, and keyboards must reach it
            tabIndex={0}
            className="mt-2 max-h-72 overflow-auto rounded bg-slate-50 p-3 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-500"
          >
            <pre className="font-mono text-xs text-slate-800">{JSON.stringify(delivery.payload, null, 2)}</pre>
          </section>
        </details>
        <Button
          variant="outline"
          size="sm"
          onClick={send}
          disabled={resend.isPending}
          aria-label={`Send again ${delivery.event} ${delivery.messageId}`}
        >
          {resend.isPending ? "Sending..." : "Send Again"}
        </Button>
      </div>
    </li>
  );
}
