// A quote's proposal and other documents (decision 176), the same on the provider's lead page and in the
// client's comparison: nothing when it has none.
import type { StoredFile } from "@/shared/files";
import { AttachmentList } from "@/web/components/files/attachment-list";

export function QuoteFiles({
  files,
  label = "Proposal and documents",
}: {
  files: readonly StoredFile[] | undefined;
  /** Names the list for screen readers, where several quotes are side by side. */
  label?: string;
}) {
  if (!files || files.length === 0) return null;
  return (
    <div className="text-sm" data-testid="quote-files">
      <p className="text-slate-600">Proposal and documents</p>
      <AttachmentList files={files} label={label} />
    </div>
  );
}
