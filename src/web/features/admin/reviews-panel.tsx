// Reviews (issue 17, decision 141): every review, newest first, filtered by whether it is shown, each with
// its rating, text, parties and request; "Hide" asks for a reason, which the provider and the client are
// told and the activity log keeps. A hidden review stays here, marked, with why.
import { Link } from "react-router";
import { providerPath, quoteRequestPath } from "@/shared/paths";
import { MODERATION_REASON_MAX } from "@/shared/reports";
import { type AdminReview, REVIEW_OUTCOME_LABELS, REVIEW_QUESTION } from "@/shared/reviews";
import { ReasonDialog } from "@/web/components/reason-dialog";
import { Review } from "@/web/components/review";
import { Button } from "@/web/components/ui/button";
import { formatDateTime, formatHours } from "@/web/lib/format";
import { KeysetPanel } from "./keyset-panel";
import { useHideReview } from "./moderation-api";
import PANEL_TEXTS from "./panel-texts.json";

const FILTERS = [
  { value: "visible", label: "Shown" },
  { value: "hidden", label: "Hidden" },
] as const;

function HideReview({ review }: { review: AdminReview }) {
  const hide = useHideReview();
  return (
    <ReasonDialog
      trigger={
        <Button size="sm" variant="destructive">
          Hide
        </Button>
      }
      title="Hide this review?"
      description={`It leaves ${review.provider.name}'s profile and rating, and stays here for the record. The provider and ${review.client.name} are told the reason.`}
      label="Reason"
      confirmLabel="Hide review"
      pendingLabel="Hiding..."
      pending={hide.isPending}
      destructive
      maxLength={MODERATION_REASON_MAX}
      onConfirm={({ text }, { close }) => hide.mutate({ id: review.id, reason: text }, { onSuccess: close })}
    />
  );
}

function ReviewItem({ review }: { review: AdminReview }) {
  return (
    <Review
      as="li"
      compact
      className="rounded-lg border border-slate-200 bg-white px-4 py-3"
      testId="admin-review"
      rating={review.rating}
      meta={
        <>
          {review.hidden ? (
            <span className="rounded bg-slate-200 px-2 py-0.5 text-xs font-semibold uppercase text-slate-800">
              Hidden
            </span>
          ) : null}
          <span className="text-sm text-slate-600">{formatDateTime(review.createdAt)}</span>
        </>
      }
      body={review.body}
      outcome={
        <>
          <p className="text-sm text-slate-700">
            {REVIEW_QUESTION} {REVIEW_OUTCOME_LABELS[review.outcome]}
            {review.hoursSavedPerYear === null ? "" : ` · saved ${formatHours(review.hoursSavedPerYear)} a year`}
            {review.estimatedHoursPerYear === null ? "" : ` (estimated ${formatHours(review.estimatedHoursPerYear)})`}
          </p>
          <p className="text-sm text-slate-700">
            By {review.client.name} <span className="[overflow-wrap:anywhere]">({review.client.email})</span>, shown as
            "{review.reviewer}", of{" "}
            <Link className="text-blue-800 underline" to={providerPath(review.provider.slug)}>
              {review.provider.name}
            </Link>{" "}
            on{" "}
            <Link className="text-blue-800 underline" to={quoteRequestPath(review.quoteRequestId)}>
              {review.requestTitle}
            </Link>
          </p>
        </>
      }
      reply={
        review.reply ? (
          <p className="border-l-4 border-slate-200 pl-3 text-sm text-slate-700 [overflow-wrap:anywhere]">
            Reply: {review.reply.body}
          </p>
        ) : null
      }
      footer={
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="text-xs text-slate-600">
            {review.hidden ? `Hidden ${formatDateTime(review.hidden.at)}: ${review.hidden.reason}` : ""}
          </p>
          {review.hidden ? null : <HideReview review={review} />}
        </div>
      }
    />
  );
}

export function ReviewsPanel() {
  return (
    <KeysetPanel<AdminReview>
      texts={PANEL_TEXTS.reviews}
      options={FILTERS}
      item={(r) => <ReviewItem key={r.id} review={r} />}
    />
  );
}
