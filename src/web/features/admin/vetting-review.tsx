// The vetting view's parts for documents and "Request changes" (decision 177): what changed since the
// admin asked, what the approval records as verified, and the note sent back to the provider.
import { FilePen } from "lucide-react";
import {
  CHANGES_NOTE_MAX,
  CHANGES_NOTE_REQUIRED,
  type ChangesRequested,
  type CompanyDocument,
  DOCUMENT_KIND_LABELS,
  VERIFIABLE_DOCUMENT_KINDS,
  type VerifiableDocumentKind,
} from "@/shared/vetting";
import { CompanyDocumentList } from "@/web/components/company-documents";
import { ReasonDialog } from "@/web/components/reason-dialog";
import { Button } from "@/web/components/ui/button";
import { formatDate } from "@/web/lib/format";

/** The note the admin sent, and the provider's changes since: field by field, and the documents added. */
export function ChangesSinceRequest({ changes }: { changes: ChangesRequested }) {
  return (
    <section
      className="space-y-2 rounded-lg border border-orange-200 bg-orange-50 p-3 text-sm text-orange-950"
      aria-label="What changed since changes were requested"
      data-testid="changes-since-request"
    >
      <p>
        <span className="font-semibold">Changes requested {formatDate(changes.requestedAt)}:</span> {changes.note}
      </p>
      {changes.resubmittedAt ? <p>Resubmitted {formatDate(changes.resubmittedAt)}. What changed since:</p> : null}
      {changes.changes.length === 0 && changes.documentsAdded.length === 0 && changes.documentsRemoved === 0 ? (
        <p className="italic">Nothing in the application changed.</p>
      ) : null}
      {changes.changes.length > 0 ? (
        <dl className="space-y-1.5" data-testid="field-changes">
          {changes.changes.map((c) => (
            <div key={c.field}>
              <dt className="font-medium">{c.label}</dt>
              <dd>
                <del className="text-red-800">{c.before}</del> <span aria-hidden="true">→</span>
                <span className="sr-only">now</span> <ins className="text-green-900 no-underline">{c.after}</ins>
              </dd>
            </div>
          ))}
        </dl>
      ) : null}
      {changes.documentsAdded.length > 0 ? (
        <div data-testid="documents-added">
          <p className="font-medium">Documents added</p>
          <CompanyDocumentList documents={changes.documentsAdded} />
        </div>
      ) : null}
      {changes.documentsRemoved > 0 ? <p>Documents removed: {changes.documentsRemoved}</p> : null}
    </section>
  );
}

/** The kinds of the application's documents an approval may record as verified. */
export function verifiableKindsOf(documents: readonly CompanyDocument[]): VerifiableDocumentKind[] {
  const present = new Set(documents.filter((d) => !d.removed).map((d) => d.documentKind));
  return VERIFIABLE_DOCUMENT_KINDS.filter((k) => present.has(k));
}

/** Ticked: what the admin checked and the approval records (the public badge names them). */
export function VerifiedChoices({
  kinds,
  chosen,
  onChange,
}: {
  kinds: readonly VerifiableDocumentKind[];
  chosen: readonly VerifiableDocumentKind[];
  onChange: (next: VerifiableDocumentKind[]) => void;
}) {
  if (kinds.length === 0) return null;
  return (
    <fieldset className="space-y-1 text-sm" data-testid="verified-choices">
      <legend className="font-medium text-slate-800">Verified on approval (shown on the public badge)</legend>
      {kinds.map((kind) => (
        <label key={kind} className="flex items-center gap-2">
          <input
            type="checkbox"
            checked={chosen.includes(kind)}
            onChange={(e) => onChange(e.target.checked ? [...chosen, kind] : chosen.filter((k) => k !== kind))}
          />
          {DOCUMENT_KIND_LABELS[kind]}
        </label>
      ))}
    </fieldset>
  );
}

export function RequestChangesDialog({
  name,
  disabled,
  isPending,
  onSend,
}: {
  name: string;
  disabled: boolean;
  isPending: boolean;
  onSend: (note: string, done: () => void) => void;
}) {
  return (
    <ReasonDialog
      trigger={
        <Button variant="outline" className="border-orange-300 text-orange-800 hover:bg-orange-50" disabled={disabled}>
          <FilePen className="h-4 w-4" aria-hidden="true" />
          Request changes
        </Button>
      }
      title={`Request changes from ${name}?`}
      description="The provider is notified with your note, edits the application, adds documents and resubmits it."
      label="Note"
      requiredMessage={`${CHANGES_NOTE_REQUIRED}.`}
      hint="Say what to change or which documents to add."
      maxLength={CHANGES_NOTE_MAX}
      confirmLabel="Send Request"
      pendingLabel="Sending..."
      pending={isPending}
      onConfirm={({ text }, { close }) => onSend(text, close)}
    />
  );
}
