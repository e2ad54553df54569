import { useQuery } from "@tanstack/react-query";
import { Check, X } from "lucide-react";
import { useId, useState } from "react";
import { DEFAULT_REJECTION_REASON, type PendingProvider, REJECTION_REASON_MAX } from "@/shared/companies";
import { providerPath } from "@/shared/paths";
import type { VerifiableDocumentKind } from "@/shared/vetting";
import { CompanyDocumentList } from "@/web/components/company-documents";
import { CompanyFacts } from "@/web/components/company-facts";
import { ReasonDialog } from "@/web/components/reason-dialog";
import { Button } from "@/web/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/web/components/ui/card";
import { formatDate } from "@/web/lib/format";
import { pendingProvidersQueryOptions, useDecideProvider } from "./api";
import PANEL_TEXTS from "./panel-texts.json";
import { QueryPanel } from "./query-panel";
import { ChangesSinceRequest, RequestChangesDialog, VerifiedChoices, verifiableKindsOf } from "./vetting-review";

/**
 * Spec screen 10, Providers tab: pending providers with their profiles and documents, to approve (with
 * what was verified), send back for changes with a note, or reject (decision 177).
 */
export function PendingProvidersPanel() {
  return (
    <QueryPanel
      query={useQuery(pendingProvidersQueryOptions())}
      texts={PANEL_TEXTS.pendingProviders}
      count={(d) => d.length}
      isEmpty={(d) => d.length === 0}
    >
      {(providers) => (
        <ul className="space-y-4">
          {providers.map((p) => (
            <li key={p.id}>
              <PendingProviderCard provider={p} />
            </li>
          ))}
        </ul>
      )}
    </QueryPanel>
  );
}

function PendingProviderCard({ provider }: { provider: PendingProvider }) {
  const decide = useDecideProvider();
  const titleId = useId();
  const busy = decide.isPending;
  const documents = provider.documents ?? [];
  const verifiable = verifiableKindsOf(documents);
  // What the company has verified now: a change of name or address under review starts from it, so that
  // approving does not drop from the badge what nobody unticked (decision 177).
  const current = provider.verifiedDocuments ?? [];
  const [verified, setVerified] = useState<VerifiableDocumentKind[]>(current);
  const changed = verified.length !== current.length || verified.some((k) => !current.includes(k));
  return (
    <Card aria-labelledby={titleId} role="article" data-testid="pending-provider">
      <CardHeader className="gap-2 md:flex-row md:items-start md:justify-between">
        <div className="space-y-1.5">
          <CardTitle as="h3" id={titleId}>
            {provider.name}
          </CardTitle>
          <CardDescription>
            {provider.owner.firstName} {provider.owner.lastName} ({provider.owner.email}) · submitted{" "}
            {formatDate(provider.createdAt)}
          </CardDescription>
          {provider.changeUnderReview && (
            <p className="text-sm text-amber-900" data-testid="change-under-review">
              Approved company with a change to review: verified as{" "}
              <span className="font-medium">{provider.changeUnderReview.verifiedName}</span> at{" "}
              {providerPath(provider.changeUnderReview.verifiedSlug)}, now{" "}
              <span className="font-medium">{provider.name}</span> at {providerPath(provider.changeUnderReview.slug)}.
              Approving verifies the new name and address; rejecting rejects the company.
            </p>
          )}
        </div>
        <div className="flex flex-wrap gap-2">
          <Button
            className="bg-green-700 hover:bg-green-800"
            disabled={busy}
            onClick={() =>
              decide.mutate({ id: provider.id, kind: "approve", verifiedDocuments: changed ? verified : undefined })
            }
          >
            <Check className="h-4 w-4" aria-hidden="true" />
            {busy && decide.variables?.kind === "approve" ? "Approving..." : "Approve"}
          </Button>
          {provider.changeUnderReview ? null : (
            <RequestChangesDialog
              name={provider.name}
              disabled={busy}
              isPending={busy && decide.variables?.kind === "request-changes"}
              onSend={(note, done) =>
                decide.mutate({ id: provider.id, kind: "request-changes", note }, { onSuccess: done })
              }
            />
          )}
          <RejectProviderDialog
            provider={provider}
            disabled={busy}
            isPending={busy && decide.variables?.kind === "reject"}
            onReject={(reason, done) => decide.mutate({ id: provider.id, kind: "reject", reason }, { onSuccess: done })}
          />
        </div>
      </CardHeader>
      <CardContent className="space-y-4">
        {provider.changesRequested ? <ChangesSinceRequest changes={provider.changesRequested} /> : null}
        <CompanyFacts company={provider} tone="purple" wide />
        <div className="space-y-2">
          <h4 className="font-semibold text-slate-900">Verification documents</h4>
          <CompanyDocumentList documents={documents} emptyText="No documents attached." />
        </div>
        <VerifiedChoices kinds={verifiable} chosen={verified} onChange={setVerified} />
      </CardContent>
    </Card>
  );
}

function RejectProviderDialog({
  provider,
  disabled,
  isPending,
  onReject,
}: {
  provider: PendingProvider;
  disabled: boolean;
  isPending: boolean;
  onReject: (reason: string, done: () => void) => void;
}) {
  return (
    <ReasonDialog
      trigger={
        <Button variant="outline" className="border-red-300 text-red-700 hover:bg-red-50" disabled={disabled}>
          <X className="h-4 w-4" aria-hidden="true" />
          Reject
        </Button>
      }
      title={`Reject ${provider.name}?`}
      description="The provider is notified with the reason and can edit the profile and resubmit it."
      label="Reason"
      required={false}
      hint={`Left empty, the reason sent is "${DEFAULT_REJECTION_REASON}".`}
      placeholder={DEFAULT_REJECTION_REASON}
      maxLength={REJECTION_REASON_MAX}
      confirmLabel="Reject Provider"
      pendingLabel="Rejecting..."
      pending={isPending}
      destructive
      onConfirm={({ text }, { close }) => onReject(text, close)}
    />
  );
}
