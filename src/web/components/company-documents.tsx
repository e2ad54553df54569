// A company application's verification documents (decision 177), grouped by what they are, each a
// download: the provider's own page and the admins' vetting view show them alike.
import { type CompanyDocument, DOCUMENT_KIND_LABELS, DOCUMENT_KINDS } from "@/shared/vetting";
import { AttachmentList } from "./files/attachment-list";

/** An application's documents, grouped by what they are, each a download. */
export function CompanyDocumentList({
  documents,
  emptyText,
}: {
  documents: readonly CompanyDocument[];
  emptyText?: string;
}) {
  if (documents.length === 0) return emptyText ? <p className="text-sm text-slate-600">{emptyText}</p> : null;
  return (
    <div className="space-y-3" data-testid="company-documents">
      {DOCUMENT_KINDS.map((kind) => {
        const ofKind = documents.filter((d) => d.documentKind === kind);
        if (ofKind.length === 0) return null;
        return (
          <div key={kind}>
            <h4 className="text-sm font-semibold text-slate-800">{DOCUMENT_KIND_LABELS[kind]}</h4>
            <AttachmentList files={ofKind} label={DOCUMENT_KIND_LABELS[kind]} />
          </div>
        );
      })}
    </div>
  );
}
