// One webhook endpoint's form, to add one or change one: its address, a description for the provider,
// and the events it receives. Checked by the contract the server checks (createWebhookEndpointSchema); a
// 400 the server names a field in (an address that resolves to a private network, a host unknown) shows
// at that field, anything else as a toast.
import type { z } from "zod";
import {
  type CreateWebhookEndpointInput,
  createWebhookEndpointSchema,
  WEBHOOK_DESCRIPTION_MAX,
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENTS,
  WEBHOOK_URL_MAX,
} from "@/shared/webhooks";
import { CheckboxListField } from "@/web/components/checkbox-list-field";
import { FormActions } from "@/web/components/form-actions";
import { binder, controlled, InputField } from "@/web/components/ui/form-fields";
import { toast } from "@/web/components/ui/use-toast";
import { errorMessage, fieldIssues } from "@/web/lib/api";
import { useSchemaForm } from "@/web/lib/schema-form";

type Values = CreateWebhookEndpointInput;
type Saved = z.output<typeof createWebhookEndpointSchema>;
const FIELDS = ["url", "events", "description"] as const;

/** A new endpoint's values: the leads, which is what most providers add an endpoint for. */
export const NEW_ENDPOINT: Values = { url: "", description: "", events: ["lead.delivered"] };

export function EndpointForm({
  idPrefix,
  defaultValues,
  onSubmit,
  onCancel,
  pending,
  submitLabel,
}: {
  /** Keeps the ids of two forms on the page apart. */
  idPrefix: string;
  defaultValues: Values;
  /** Resolves once saved; a failure is shown by the form. */
  onSubmit: (values: Saved) => Promise<unknown>;
  onCancel: () => void;
  pending: boolean;
  submitLabel: string;
}) {
  const form = useSchemaForm(createWebhookEndpointSchema, defaultValues);
  const field = binder(form, idPrefix);

  const submit = (values: Saved) =>
    onSubmit(values).catch((err: unknown) => {
      // An issue about one event ("events.2") is shown at the list.
      const issues = fieldIssues(err).flatMap((i) => {
        const field = FIELDS.find((f) => i.field === f || i.field.startsWith(`${f}.`));
        return field ? [{ field, message: i.message }] : [];
      });
      if (issues.length === 0) {
        toast({ title: "Error", description: errorMessage(err), variant: "destructive" });
        return;
      }
      for (const issue of issues) form.setError(issue.field, { message: issue.message }, { shouldFocus: true });
    });

  return (
    <form onSubmit={form.handleSubmit(submit)} className="space-y-5" noValidate>
      <InputField
        {...field("url")}
        label="Endpoint URL"
        hint="Where we send each message, starting with https://. Zapier and n8n give you one in their webhook trigger."
        type="url"
        inputMode="url"
        autoComplete="off"
        spellCheck={false}
        maxLength={WEBHOOK_URL_MAX}
        placeholder="https://hooks.example.com/automatch"
        controlClassName="font-mono"
      />
      <InputField
        {...field("description")}
        label="Description"
        optional
        hint="For you, to tell endpoints apart, such as “HubSpot through Zapier”."
        maxLength={WEBHOOK_DESCRIPTION_MAX}
      />
      <CheckboxListField
        {...controlled(form, "events")}
        id={`${idPrefix}-events`}
        legend="Events"
        hint="What this endpoint receives."
        options={WEBHOOK_EVENTS}
        labels={WEBHOOK_EVENT_LABELS}
        showValues
      />
      <FormActions pending={pending} submitLabel={submitLabel} pendingLabel="Saving..." onCancel={onCancel} />
    </form>
  );
}
