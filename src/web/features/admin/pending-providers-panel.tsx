import { useQuery } from "@tanstack/react-query";
import { Check, X } from "lucide-react";
import { useId, useState } from "react";
import {
  COMPANY_SIZE_LABELS,
  DEFAULT_REJECTION_REASON,
  type PendingProvider,
  PROVIDER_INDUSTRY_LABELS,
  REJECTION_REASON_MAX,
} from "@/shared/companies";
import { placeLabel } from "@/shared/countries";
import { SpecialtyList, WebsiteLink } from "@/web/components/company-facts";
import { QueryStates } from "@/web/components/list-states";
import { Button } from "@/web/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/web/components/ui/card";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/web/components/ui/dialog";
import { Field } from "@/web/components/ui/field";
import { Textarea } from "@/web/components/ui/form-controls";
import { pendingProvidersQueryOptions, useDecideProvider } from "./api";

/** Spec screen 10, Providers tab: pending providers with their profiles, to approve or reject. */
export function PendingProvidersPanel() {
  const pending = useQuery(pendingProvidersQueryOptions());
  return (
    <section aria-labelledby="pending-providers" className="space-y-4">
      <div>
        <h2 id="pending-providers" className="text-xl font-semibold text-slate-900">
          Pending Providers{pending.data ? ` (${pending.data.length})` : ""}
        </h2>
        <p className="text-sm text-slate-600">Review each company's profile before it can receive leads.</p>
      </div>
      <QueryStates
        query={pending}
        what="Pending providers"
        isEmpty={(d) => d.length === 0}
        empty={
          <Card>
            <CardContent className="p-6 text-slate-600">No providers are waiting for review.</CardContent>
          </Card>
        }
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
      </QueryStates>
    </section>
  );
}

function PendingProviderCard({ provider }: { provider: PendingProvider }) {
  const decide = useDecideProvider();
  const titleId = useId();
  const busy = decide.isPending;
  return (
    <Card aria-labelledby={titleId} role="article" data-testid="pending-provider">
      <CardHeader className="gap-2 md:flex-row md:items-start md:justify-between">
        <div className="space-y-1.5">
          <CardTitle as="h3" id={titleId}>
            {provider.name}
          </CardTitle>
          <CardDescription>
            {provider.owner.firstName} {provider.owner.lastName} ({provider.owner.email}) · submitted{" "}
            {new Date(provider.createdAt).toLocaleDateString()}
          </CardDescription>
        </div>
        <div className="flex gap-2">
          <Button
            className="bg-green-700 hover:bg-green-800"
            disabled={busy}
            onClick={() => decide.mutate({ id: provider.id, kind: "approve" })}
          >
            <Check className="h-4 w-4" aria-hidden="true" />
            {busy && decide.variables?.kind === "approve" ? "Approving..." : "Approve"}
          </Button>
          <RejectProviderDialog
            provider={provider}
            disabled={busy}
            isPending={busy && decide.variables?.kind === "reject"}
            onReject={(reason, done) => decide.mutate({ id: provider.id, kind: "reject", reason }, { onSuccess: done })}
          />
        </div>
      </CardHeader>
      <CardContent className="space-y-4">
        <p className="whitespace-pre-line text-slate-800">{provider.description}</p>
        <dl className="grid gap-3 text-sm sm:grid-cols-2 lg:grid-cols-4">
          <div>
            <dt className="text-slate-600">Industry</dt>
            <dd className="text-slate-900">{PROVIDER_INDUSTRY_LABELS[provider.industry]}</dd>
          </div>
          <div>
            <dt className="text-slate-600">Company Size</dt>
            <dd className="text-slate-900">{COMPANY_SIZE_LABELS[provider.size]}</dd>
          </div>
          <div>
            <dt className="text-slate-600">Location</dt>
            <dd className="text-slate-900">{placeLabel(provider.location, provider.country)}</dd>
          </div>
          <div>
            <dt className="text-slate-600">Website</dt>
            <dd className="break-all text-slate-900">
              <WebsiteLink url={provider.website} />
            </dd>
          </div>
        </dl>
        <SpecialtyList specialties={provider.specialties} tone="purple" />
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
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState("");
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) setReason("");
      }}
    >
      <Button
        variant="outline"
        className="border-red-300 text-red-700 hover:bg-red-50"
        disabled={disabled}
        onClick={() => setOpen(true)}
      >
        <X className="h-4 w-4" aria-hidden="true" />
        Reject
      </Button>
      <DialogContent>
        <form
          className="space-y-4"
          onSubmit={(e) => {
            e.preventDefault();
            onReject(reason, () => {
              setOpen(false);
              setReason("");
            });
          }}
        >
          <DialogHeader>
            <DialogTitle>Reject {provider.name}?</DialogTitle>
            <DialogDescription>
              The provider is notified with the reason and can edit the profile and resubmit it.
            </DialogDescription>
          </DialogHeader>
          <Field label="Reason (optional)">
            {(control) => (
              <>
                <Textarea
                  {...control}
                  value={reason}
                  maxLength={REJECTION_REASON_MAX}
                  placeholder={DEFAULT_REJECTION_REASON}
                  onChange={(e) => setReason(e.target.value)}
                />
                <p className="text-xs text-slate-600">Left empty, the reason sent is "{DEFAULT_REJECTION_REASON}".</p>
              </>
            )}
          </Field>
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="outline">
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" variant="destructive" disabled={isPending}>
              {isPending ? "Rejecting..." : "Reject Provider"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
