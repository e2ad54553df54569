// Settings, for providers and admins (issue 32 part 3, decision 174): "API tokens". The account's live
// tokens, each with its scopes, its first characters, when it was made, expires and was last used, and
// Revoke; a new one is named, given scopes (only the role's) and a lifetime, and shown once, on
// creation. A client has no API: no card. /settings#api-tokens scrolls to it.
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import {
  API_TOKEN_SCOPE_LABELS,
  API_TOKENS_MAX,
  type ApiToken,
  type ApiTokenScope,
  tokenScopesFor,
} from "@/shared/api-tokens";
import type { PublicUser } from "@/shared/users";
import { AddItemPanel } from "@/web/components/add-item-panel";
import { AnchoredCard } from "@/web/components/anchored-card";
import { CodeChips } from "@/web/components/code-chips";
import { ExternalLink } from "@/web/components/external-link";
import { LoadingNote, RetryAlert } from "@/web/components/list-states";
import { SecretNotice } from "@/web/components/secret-notice";
import { ConfirmButton } from "@/web/components/ui/alert-dialog";
import { toast } from "@/web/components/ui/use-toast";
import { errorMessage } from "@/web/lib/api";
import { countOf, formatDate, formatDateTime, relativeTime } from "@/web/lib/format";
import { ApiTokenForm } from "./api-token-form";
import { apiTokensQueryOptions, useRevokeApiToken } from "./api-tokens-api";

const DAY_MS = 24 * 60 * 60 * 1000;
/** From this many days before its end, a token says how soon it expires. */
const EXPIRES_SOON_DAYS = 7;

/** The token just created, shown in its row until "Done". */
type Revealed = { tokenId: number; token: string };

export function ApiTokensCard({ user }: { user: Pick<PublicUser, "userType"> }) {
  const scopes = tokenScopesFor(user.userType);
  const hasApi = scopes.length > 0;
  const { data, isError, error, refetch } = useQuery({ ...apiTokensQueryOptions(), enabled: hasApi });
  if (!hasApi) return null;
  return (
    <AnchoredCard
      anchor="api-tokens"
      title="API tokens"
      description={
        <>
          {user.userType === "admin"
            ? "Use a token to export the marketplace's requests and users as CSV from your own scripts"
            : "Use a token to read your leads and send quotes and messages from your own scripts, n8n or Zapier"}
          : send it as <code className="font-mono text-xs text-slate-800">Authorization: Bearer &lt;token&gt;</code>.
          The API is described at <ExternalLink href="/api/docs">/api/docs</ExternalLink>.
        </>
      }
      testId="api-tokens-card"
      loaded={data !== undefined}
    >
      {isError ? (
        <RetryAlert error={error} what="Your API tokens" onRetry={() => void refetch()} />
      ) : data === undefined ? (
        <LoadingNote small />
      ) : (
        <Tokens tokens={data} scopes={scopes} />
      )}
    </AnchoredCard>
  );
}

function Tokens({ tokens, scopes }: { tokens: ApiToken[]; scopes: readonly ApiTokenScope[] }) {
  const [adding, setAdding] = useState(false);
  const [revealed, setRevealed] = useState<Revealed | null>(null);
  // Here rather than in the token's row, which is gone by the time the revocation has answered.
  const revoke = useRevokeApiToken();
  const full = tokens.length >= API_TOKENS_MAX;
  const onRevoke = (token: ApiToken) =>
    revoke.mutate(token.id, {
      onSuccess: () =>
        toast({ title: "Token Revoked", description: `Scripts using ${token.name} stop working at once.` }),
      onError: (err) => toast({ title: "Error", description: errorMessage(err), variant: "destructive" }),
    });

  return (
    <div className="space-y-4">
      {tokens.length === 0 && !adding ? (
        <p className="text-sm text-slate-600">No tokens yet. Create one to call the API from your own tools.</p>
      ) : null}
      {tokens.length > 0 ? (
        <ul className="space-y-3" aria-label="Your API tokens">
          {tokens.map((token) => (
            <li key={token.id} className="space-y-3 rounded-md border border-slate-200 p-4" data-testid="api-token">
              <TokenItem
                token={token}
                onRevoke={() => onRevoke(token)}
                revoking={revoke.isPending && revoke.variables === token.id}
              />
              {revealed?.tokenId === token.id ? (
                <SecretNotice
                  secret={revealed.token}
                  what="token"
                  label="API token"
                  note="Keep it as you keep a password: whoever holds it can do what its scopes allow until it expires or you revoke it."
                  onDone={() => setRevealed(null)}
                  testId="api-token-secret"
                />
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      <AddItemPanel
        adding={adding}
        title="New token"
        addLabel="New Token"
        onAdd={() => setAdding(true)}
        full={full}
        fullNote={<>You have {API_TOKENS_MAX} tokens, the most you can: revoke one to create another.</>}
      >
        <ApiTokenForm
          scopes={scopes}
          onCreated={(created) => {
            setAdding(false);
            setRevealed({ tokenId: created.id, token: created.token });
          }}
          onCancel={() => setAdding(false)}
        />
      </AddItemPanel>
    </div>
  );
}

/** "Expired", "Expires in 3 days" near its end; nothing before (the date says it). */
function expiryNote(expiresAt: string, now = Date.now()): string | null {
  const daysLeft = Math.ceil((new Date(expiresAt).getTime() - now) / DAY_MS);
  if (daysLeft <= 0) return "Expired";
  return daysLeft <= EXPIRES_SOON_DAYS ? `Expires in ${countOf(daysLeft, "day")}` : null;
}

function TokenItem({ token, onRevoke, revoking }: { token: ApiToken; onRevoke: () => void; revoking: boolean }) {
  const soon = expiryNote(token.expiresAt);
  return (
    <>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0 space-y-1">
          <h3 className="font-medium text-slate-900 [overflow-wrap:anywhere]">{token.name}</h3>
          <code className="block font-mono text-xs text-slate-600" data-testid="api-token-prefix">
            {token.prefix}
          </code>
        </div>
        <ConfirmButton
          label="Revoke"
          busyLabel="Revoking..."
          busy={revoking}
          ariaLabel={`Revoke ${token.name}`}
          size="sm"
          title={`Revoke ${token.name}?`}
          description="Scripts using it stop working at once."
          confirmLabel="Revoke Token"
          cancelLabel="Keep It"
          onConfirm={onRevoke}
        />
      </div>
      <CodeChips values={token.scopes} labels={API_TOKEN_SCOPE_LABELS} listLabel="Scopes" />
      <dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-3">
        <div>
          <dt className="text-xs text-slate-600">Created</dt>
          <dd className="text-slate-900">{formatDate(token.createdAt)}</dd>
        </div>
        <div>
          <dt className="text-xs text-slate-600">Expires</dt>
          <dd className="text-slate-900" data-testid="api-token-expires">
            {formatDate(token.expiresAt)}
            {soon ? (
              <span className={soon === "Expired" ? "block text-red-700" : "block text-amber-800"}>{soon}</span>
            ) : null}
          </dd>
        </div>
        <div>
          <dt className="text-xs text-slate-600">Last used</dt>
          <dd
            className="text-slate-900"
            title={token.lastUsedAt ? formatDateTime(token.lastUsedAt) : undefined}
            data-testid="api-token-last-used"
          >
            {token.lastUsedAt ? relativeTime(token.lastUsedAt) : "Never used"}
          </dd>
        </div>
      </dl>
    </>
  );
}
