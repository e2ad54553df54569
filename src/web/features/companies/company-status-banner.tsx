import { CheckCircle2, Clock, FilePen, XCircle } from "lucide-react";
import { type ReactNode, useId } from "react";
import { CHANGE_UNDER_REVIEW_TITLE, type Company, changeUnderReviewText } from "@/shared/companies";
import { CHANGES_REQUESTED_TITLE } from "@/shared/vetting";
import { cn } from "@/web/lib/cn";

const LOOK = {
  pending: {
    icon: Clock,
    box: "border-amber-300 bg-amber-50 text-amber-950",
    iconColor: "text-amber-700",
    title: "Your company profile is under review",
  },
  approved: {
    icon: CheckCircle2,
    box: "border-green-300 bg-green-50 text-green-950",
    iconColor: "text-green-700",
    title: "Your company is approved",
  },
  changed: {
    icon: Clock,
    box: "border-amber-300 bg-amber-50 text-amber-950",
    iconColor: "text-amber-700",
    title: CHANGE_UNDER_REVIEW_TITLE,
  },
  changes_requested: {
    icon: FilePen,
    box: "border-orange-300 bg-orange-50 text-orange-950",
    iconColor: "text-orange-700",
    title: CHANGES_REQUESTED_TITLE,
  },
  rejected: {
    icon: XCircle,
    box: "border-red-300 bg-red-50 text-red-950",
    iconColor: "text-red-700",
    title: "Your company profile was not approved",
  },
} as const;

/**
 * Where a provider's company stands in vetting (DESIGN.md, Providers): under review, approved, approved
 * with a new name or address under review (decision 149), sent back with a note asking for changes
 * (decision 177), or rejected with the reason. Pages add their
 * own next step as children.
 */
export function CompanyStatusBanner({ company, children }: { company: Company; children?: ReactNode }) {
  const change = company.changeUnderReview ?? null;
  const state = change ? "changed" : company.status;
  const look = LOOK[state];
  const Icon = look.icon;
  const titleId = useId();
  return (
    <section
      className={cn("flex gap-3 rounded-lg border p-4", look.box)}
      aria-labelledby={titleId}
      data-testid="company-status"
      data-status={state}
    >
      <Icon className={cn("mt-0.5 h-5 w-5 shrink-0", look.iconColor)} aria-hidden="true" />
      <div className="space-y-2">
        <h2 id={titleId} className="font-semibold">
          {look.title}
        </h2>
        {change ? (
          <p className="text-sm">{changeUnderReviewText(company.name, change.verifiedName)}</p>
        ) : company.status === "pending" ? (
          <p className="text-sm">
            Our team is reviewing {company.name}. We'll notify you by email once it's verified, usually within 24-48
            hours.
          </p>
        ) : company.status === "approved" ? (
          <p className="text-sm">{company.name} is verified. Set up your subscription to start receiving leads.</p>
        ) : company.status === "changes_requested" ? (
          <p className="text-sm" data-testid="changes-note">
            <span className="font-medium">Note from our team:</span> {company.changesNote}
          </p>
        ) : (
          <p className="text-sm">
            <span className="font-medium">Reason:</span> {company.rejectionReason}
          </p>
        )}
        {children}
      </div>
    </section>
  );
}
