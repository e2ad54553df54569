import { BadgeCheck } from "lucide-react";
import { BRAND_NAME } from "@/shared/brand";
import { type VerifiableDocumentKind, verifiedDocumentsText } from "@/shared/vetting";

/**
 * Every listed provider was approved by the marketplace's review of its company; on the profile, the
 * badge also names the documents the approval verified (decision 177).
 */
export function VerifiedBadge({ documents = [] }: { documents?: readonly VerifiableDocumentKind[] }) {
  const what = verifiedDocumentsText(documents);
  return (
    <span
      className="inline-flex items-center gap-1 rounded-full bg-emerald-50 px-2.5 py-0.5 text-xs font-semibold text-emerald-800 ring-1 ring-emerald-200"
      data-testid="verified-badge"
    >
      <BadgeCheck className="h-3.5 w-3.5" aria-hidden="true" />
      {what ? `Verified by ${BRAND_NAME}: ${what}` : `Verified by ${BRAND_NAME}`}
    </span>
  );
}
