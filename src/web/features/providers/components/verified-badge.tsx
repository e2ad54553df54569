import { BadgeCheck } from "lucide-react";
import { BRAND_NAME } from "@/shared/brand";

/** Every listed provider was approved by the marketplace's review of its company. */
export function VerifiedBadge() {
  return (
    <span className="inline-flex items-center gap-1 rounded-full bg-emerald-50 px-2.5 py-0.5 text-xs font-semibold text-emerald-800 ring-1 ring-emerald-200">
      <BadgeCheck className="h-3.5 w-3.5" aria-hidden="true" />
      {`Verified by ${BRAND_NAME}`}
    </span>
  );
}
