// A new API token's form: its name, its scopes (only those the account's role may give) and how long it
// lives. Checked by the contract the server checks (createApiTokenSchema); a 400 naming a field shows at
// that field, anything else (the limit of tokens reached) as a toast.
import {
  API_TOKEN_LIFETIMES_DAYS,
  API_TOKEN_NAME_MAX,
  API_TOKEN_SCOPE_LABELS,
  type ApiTokenScope,
  type CreatedApiToken,
  createApiTokenSchema,
} from "@/shared/api-tokens";
import { CheckboxListField } from "@/web/components/checkbox-list-field";
import { FormActions } from "@/web/components/form-actions";
import { bound, controlled, InputField, SelectField } from "@/web/components/ui/form-fields";
import { countOf, formatDate } from "@/web/lib/format";
import { useSchemaForm } from "@/web/lib/schema-form";
import { useCreateApiToken } from "./api-tokens-api";
import { showAtFields } from "./show-at-fields";

const FIELDS = ["name", "scopes", "expiresInDays"] as const;
const DAY_MS = 24 * 60 * 60 * 1000;
/** A month: long enough for a trial of a script, short enough that a forgotten token dies. */
const DEFAULT_LIFETIME_DAYS = 30;

/** "7 days", "1 year" */
const lifetimeLabel = (days: number) => (days % 365 === 0 ? countOf(days / 365, "year") : countOf(days, "day"));

export function ApiTokenForm({
  scopes,
  onCreated,
  onCancel,
}: {
  /** The scopes the account's role may give. */
  scopes: readonly ApiTokenScope[];
  onCreated: (created: CreatedApiToken) => void;
  onCancel: () => void;
}) {
  const form = useSchemaForm(createApiTokenSchema, {
    name: "",
    // A role with one scope (an admin) has nothing to choose.
    scopes: scopes.length === 1 ? [...scopes] : [],
    expiresInDays: DEFAULT_LIFETIME_DAYS,
  });
  const create = useCreateApiToken();
  const days = form.watch("expiresInDays");
  const expiresOn = Number.isFinite(days) ? formatDate(new Date(Date.now() + days * DAY_MS).toISOString()) : null;

  const submit = form.handleSubmit((values) =>
    create.mutate(values, { onSuccess: onCreated, onError: (err) => showAtFields(form, err, FIELDS) }),
  );

  return (
    <form onSubmit={submit} className="space-y-5" noValidate>
      <InputField
        {...bound(form, "name")}
        id="api-token-name"
        label="Token name"
        hint="What uses it, so you know later, such as “n8n lead sync”."
        autoComplete="off"
        maxLength={API_TOKEN_NAME_MAX}
      />
      <CheckboxListField
        {...controlled(form, "scopes")}
        id="api-token-scopes"
        legend="Scopes"
        hint="What the token may do: nothing else, and nothing your account cannot."
        options={scopes}
        labels={API_TOKEN_SCOPE_LABELS}
        showValues
      />
      <SelectField
        {...bound(form, "expiresInDays", { valueAsNumber: true })}
        id="api-token-expires"
        label="Expiration"
        hint={expiresOn ? `The token expires on ${expiresOn}.` : undefined}
        className="sm:max-w-xs"
        options={API_TOKEN_LIFETIMES_DAYS}
        optionLabel={lifetimeLabel}
      />
      <FormActions
        pending={create.isPending}
        submitLabel="Create Token"
        pendingLabel="Creating..."
        onCancel={onCancel}
      />
    </form>
  );
}
