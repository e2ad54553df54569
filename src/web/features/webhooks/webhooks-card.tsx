// Settings, for providers (issue 32 part 2, decision 173): "Webhooks". The endpoints that receive the
// provider's events (a CRM, Zapier, n8n), each with its state, its last delivery and its delivery log;
// added, changed, turned off and on, deleted, and their signing secrets rotated. A secret is shown once,
// when the endpoint is added or its secret rotated. /settings#webhooks (the email sent when an endpoint
// is turned off links there) scrolls to the card.
import { ChevronDown } from "lucide-react";
import { useState } from "react";
import type { PublicUser } from "@/shared/users";
import {
  WEBHOOK_ENDPOINTS_MAX,
  WEBHOOK_EVENT_LABELS,
  type WebhookDeliveryStatus,
  type WebhookEndpoint,
} from "@/shared/webhooks";
import { AddItemPanel } from "@/web/components/add-item-panel";
import { AnchoredQueryCard } from "@/web/components/anchored-card";
import { CodeChips } from "@/web/components/code-chips";
import { ExternalLink } from "@/web/components/external-link";
import { SecretNotice } from "@/web/components/secret-notice";
import { StatusPill } from "@/web/components/status-pill";
import { ConfirmButton } from "@/web/components/ui/alert-dialog";
import { Button } from "@/web/components/ui/button";
import { toast } from "@/web/components/ui/use-toast";
import { errorMessage } from "@/web/lib/api";
import { cn } from "@/web/lib/cn";
import { useCompanyCardQuery } from "@/web/lib/company-card-query";
import { formatDateTime } from "@/web/lib/format";
import {
  useCreateWebhookEndpoint,
  useDeleteWebhookEndpoint,
  useRefreshWebhooks,
  useRotateWebhookSecret,
  useUpdateWebhookEndpoint,
  webhookEndpointsQueryOptions,
} from "./api";
import { DeliveryLog } from "./delivery-log";
import { EndpointForm, NEW_ENDPOINT } from "./endpoint-form";

const showError = (err: unknown) => toast({ title: "Error", description: errorMessage(err), variant: "destructive" });

/** The secret just given for an endpoint, shown in its row until "Done". */
type Revealed = { endpointId: number; secret: string; rotated: boolean };

export function WebhooksCard({ user }: { user: Pick<PublicUser, "userType"> }) {
  const [query, hidden] = useCompanyCardQuery(webhookEndpointsQueryOptions(), user);
  if (hidden) return null;
  return (
    <AnchoredQueryCard
      anchor="webhooks"
      title="Webhooks"
      description={
        <>
          Send your leads to your CRM, Zapier or n8n. Each message is signed (
          <ExternalLink href="https://www.standardwebhooks.com">Standard Webhooks</ExternalLink>
          ).
        </>
      }
      testId="webhooks-card"
      query={query}
      what="Your webhooks"
    >
      {(endpoints) => <Endpoints endpoints={endpoints} />}
    </AnchoredQueryCard>
  );
}

/** What the list is doing besides showing the endpoints: adding one, or editing the one with this id. */
type Editing = null | "new" | number;

function Endpoints({ endpoints }: { endpoints: WebhookEndpoint[] }) {
  const [editing, setEditing] = useState<Editing>(null);
  const [revealed, setRevealed] = useState<Revealed | null>(null);
  const create = useCreateWebhookEndpoint();
  const update = useUpdateWebhookEndpoint();
  // Here rather than in the endpoint's row, which is gone by the time the deletion has answered.
  const remove = useDeleteWebhookEndpoint();
  const full = endpoints.length >= WEBHOOK_ENDPOINTS_MAX;
  const onDelete = (id: number) =>
    remove.mutate(id, {
      onSuccess: () => toast({ title: "Endpoint Deleted", description: "It receives no more messages." }),
      onError: showError,
    });

  return (
    <div className="space-y-4">
      {endpoints.length === 0 && editing !== "new" ? (
        <p className="text-sm text-slate-600">No endpoints yet. Add one to receive your leads as they arrive.</p>
      ) : null}
      {endpoints.length > 0 ? (
        <ul className="space-y-3" aria-label="Your webhook endpoints">
          {endpoints.map((endpoint) => (
            <li
              key={endpoint.id}
              className="space-y-4 rounded-md border border-slate-200 p-4"
              data-testid="webhook-endpoint"
            >
              {editing === endpoint.id ? (
                <>
                  <h3 className="font-medium text-slate-900 [overflow-wrap:anywhere]">
                    Edit <span className="font-mono text-sm">{endpoint.url}</span>
                  </h3>
                  <EndpointForm
                    idPrefix={`webhook-${endpoint.id}`}
                    defaultValues={{ url: endpoint.url, description: endpoint.description, events: endpoint.events }}
                    onSubmit={async (input) => {
                      await update.mutateAsync({ id: endpoint.id, input });
                      setEditing(null);
                      toast({ title: "Endpoint Saved", description: "Its next messages follow your changes." });
                    }}
                    onCancel={() => setEditing(null)}
                    pending={update.isPending}
                    submitLabel="Save Endpoint"
                  />
                </>
              ) : (
                <EndpointItem
                  endpoint={endpoint}
                  onEdit={() => setEditing(endpoint.id)}
                  revealed={revealed?.endpointId === endpoint.id ? revealed : null}
                  onRevealed={setRevealed}
                  onSecretDone={() => setRevealed(null)}
                  onDelete={() => onDelete(endpoint.id)}
                  deleting={remove.isPending && remove.variables === endpoint.id}
                />
              )}
            </li>
          ))}
        </ul>
      ) : null}
      <AddItemPanel
        adding={editing === "new"}
        title="New endpoint"
        addLabel="Add Endpoint"
        onAdd={() => setEditing("new")}
        full={full}
        fullNote={<>You have {WEBHOOK_ENDPOINTS_MAX} endpoints, the most you can: delete one to add another.</>}
      >
        <EndpointForm
          idPrefix="webhook-new"
          defaultValues={NEW_ENDPOINT}
          onSubmit={async (input) => {
            const created = await create.mutateAsync(input);
            setEditing(null);
            setRevealed({ endpointId: created.id, secret: created.secret, rotated: false });
          }}
          onCancel={() => setEditing(null)}
          pending={create.isPending}
          submitLabel="Add Endpoint"
        />
      </AddItemPanel>
    </div>
  );
}

type EndpointState = "active" | "failing" | "off";
const ENDPOINT_STATE_LABELS: Record<EndpointState, string> = {
  active: "Active",
  failing: "Failing",
  off: "Turned off",
};
const ENDPOINT_STATE_TINTS: Record<EndpointState, string> = {
  active: "bg-green-100 text-green-800",
  failing: "bg-red-100 text-red-800",
  off: "bg-slate-100 text-slate-800",
};

function stateOf(endpoint: WebhookEndpoint): EndpointState {
  if (!endpoint.enabled) return "off";
  return endpoint.failingSince ? "failing" : "active";
}

const LAST_STATUS_LABELS: Record<WebhookDeliveryStatus, string> = {
  pending: "Pending",
  delivered: "Delivered",
  failed: "Failed",
};

/** "Delivered · HTTP 200 · Mar 2, 2026, 9:05 AM" */
function lastDeliveryText(last: NonNullable<WebhookEndpoint["lastDelivery"]>): string {
  const answer = last.responseStatus === null ? null : `HTTP ${last.responseStatus}`;
  return [LAST_STATUS_LABELS[last.status], answer, formatDateTime(last.at)].filter(Boolean).join(" · ");
}

/** How the endpoint is named to a screen reader beside its buttons: its description, else its address. */
const nameOf = (endpoint: WebhookEndpoint) => endpoint.description || endpoint.url;

function EndpointItem({
  endpoint,
  onEdit,
  revealed,
  onRevealed,
  onSecretDone,
  onDelete,
  deleting,
}: {
  endpoint: WebhookEndpoint;
  onEdit: () => void;
  revealed: Revealed | null;
  onRevealed: (revealed: Revealed) => void;
  onSecretDone: () => void;
  onDelete: () => void;
  deleting: boolean;
}) {
  const [logOpen, setLogOpen] = useState(false);
  const update = useUpdateWebhookEndpoint();
  const rotate = useRotateWebhookSecret();
  const refresh = useRefreshWebhooks();
  const name = nameOf(endpoint);
  const state = stateOf(endpoint);
  const logId = `webhook-log-${endpoint.id}`;

  const setEnabled = (enabled: boolean) =>
    update.mutate(
      { id: endpoint.id, input: { enabled } },
      {
        onSuccess: () =>
          toast(
            enabled
              ? { title: "Endpoint Turned On", description: "Events that waited are sent now." }
              : { title: "Endpoint Turned Off", description: "New events wait until you turn it on again." },
          ),
        onError: showError,
      },
    );

  return (
    <>
      <div className="space-y-2">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <h3 className="min-w-0 font-mono text-sm font-medium text-slate-900 [overflow-wrap:anywhere]">
            {endpoint.url}
          </h3>
          <StatusPill
            status={state}
            labels={ENDPOINT_STATE_LABELS}
            tints={ENDPOINT_STATE_TINTS}
            testId="webhook-endpoint-state"
          />
        </div>
        {endpoint.description ? <p className="text-sm text-slate-700">{endpoint.description}</p> : null}
        <CodeChips values={endpoint.events} labels={WEBHOOK_EVENT_LABELS} listLabel="Events" />
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
          {state !== "active" ? (
            <>
              <dt className="text-slate-600">Status</dt>
              <dd className="text-slate-900" data-testid="webhook-endpoint-status">
                {state === "off"
                  ? (endpoint.disabledReason ?? "Turned off.")
                  : `Failing since ${formatDateTime(endpoint.failingSince ?? endpoint.createdAt)}`}
              </dd>
            </>
          ) : null}
          <dt className="text-slate-600">Last delivery</dt>
          <dd className="text-slate-900" data-testid="webhook-last-delivery">
            {endpoint.lastDelivery ? lastDeliveryText(endpoint.lastDelivery) : "None yet"}
          </dd>
          <dt className="text-slate-600">Secret</dt>
          <dd className="font-mono text-slate-900" data-testid="webhook-secret-hint">
            {endpoint.secretHint}
          </dd>
        </dl>
      </div>

      {revealed ? (
        <SecretNotice
          secret={revealed.secret}
          what="signing secret"
          label="Signing secret"
          note={
            revealed.rotated
              ? "The previous secret keeps signing messages beside this one for 24 hours, so your receiver can switch without missing any."
              : "Your receiver checks each message's webhook-signature header with it."
          }
          onDone={onSecretDone}
          testId="webhook-secret"
        />
      ) : null}

      <div className="flex flex-wrap gap-2">
        <Button variant="outline" size="sm" onClick={onEdit} aria-label={`Edit ${name}`}>
          Edit
        </Button>
        <Button
          variant="outline"
          size="sm"
          disabled={update.isPending}
          onClick={() => setEnabled(!endpoint.enabled)}
          aria-label={`${endpoint.enabled ? "Turn off" : "Turn on"} ${name}`}
        >
          {endpoint.enabled ? "Turn Off" : "Turn On"}
        </Button>
        <ConfirmButton
          label="Rotate Secret"
          busyLabel="Rotating..."
          busy={rotate.isPending}
          ariaLabel={`Rotate secret of ${name}`}
          size="sm"
          title="Rotate the signing secret?"
          description="A new secret signs every message from now on. The current one keeps signing beside it for 24 hours, so your receiver can switch without missing messages."
          confirmLabel="Rotate Secret"
          cancelLabel="Keep This Secret"
          confirmVariant="default"
          onConfirm={() =>
            rotate.mutate(endpoint.id, {
              onSuccess: (rotated) => onRevealed({ endpointId: rotated.id, secret: rotated.secret, rotated: true }),
              onError: showError,
            })
          }
        />
        <ConfirmButton
          label="Delete"
          busyLabel="Deleting..."
          busy={deleting}
          ariaLabel={`Delete ${name}`}
          size="sm"
          title="Delete this endpoint?"
          description={`Messages stop going to ${endpoint.url}, and its delivery log is deleted. This cannot be undone.`}
          confirmLabel="Delete Endpoint"
          cancelLabel="Keep It"
          onConfirm={onDelete}
        />
        <Button
          variant="ghost"
          size="sm"
          aria-expanded={logOpen}
          aria-controls={logOpen ? logId : undefined}
          onClick={() => {
            // Opened, the log and the endpoint's summary are read afresh: the sender works in the background.
            if (!logOpen) void refresh();
            setLogOpen(!logOpen);
          }}
          aria-label={`Delivery log of ${name}`}
        >
          Delivery Log
          <ChevronDown className={cn("h-4 w-4 transition-transform", logOpen && "rotate-180")} aria-hidden="true" />
        </Button>
      </div>

      {logOpen ? <DeliveryLog id={logId} endpointId={endpoint.id} name={name} /> : null}
    </>
  );
}
