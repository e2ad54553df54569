// One review, drawn the same way wherever it is read (issue 17): on the provider's public profile, for its
// writer and the reviewed provider, and in the admin's list. The frame is one: the stars with who wrote it
// and when, the text, the outcome, the provider's reply. What each reader is told beside it (why it was
// hidden, the parties, a reply form, the Hide button) comes from the page, in the slots.
import type { ReactNode } from "react";
import { ReviewStars } from "@/web/components/review-stars";
import { cn } from "@/web/lib/cn";

type ReviewProps = {
  /** An item of a list (the admin's) or a piece of its own. */
  as?: "article" | "li";
  className?: string;
  testId?: string;
  /** The admin's list reads smaller. */
  compact?: boolean;
  rating: number;
  /** What the stars are read out as, before "out of 5 stars"; the rating by default. */
  ratingLabel?: string;
  /** Beside the stars: who wrote it and when. */
  meta: ReactNode;
  /** Above the text: a note to the reader (why the marketplace hid it). */
  notice?: ReactNode;
  body: string;
  /** Under the text: how the work went, in the reader's words. */
  outcome: ReactNode;
  /** The provider's reply, or what stands in its place (the form to write one). */
  reply?: ReactNode;
  /** Last: who is who, and what the reader can do with it. */
  footer?: ReactNode;
};

export function Review({
  as: Tag = "article",
  className,
  testId = "review",
  compact = false,
  rating,
  ratingLabel,
  meta,
  notice,
  body,
  outcome,
  reply,
  footer,
}: ReviewProps) {
  return (
    <Tag className={cn(compact ? "space-y-2" : "space-y-3", className)} data-testid={testId}>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <ReviewStars rating={rating} label={ratingLabel} />
        {meta}
      </div>
      {notice}
      <p
        className={cn(
          "whitespace-pre-wrap text-slate-800 [overflow-wrap:anywhere]",
          compact ? "text-sm" : "leading-relaxed",
        )}
      >
        {body}
      </p>
      {outcome}
      {reply}
      {footer}
    </Tag>
  );
}

/** The provider's answer under a review: who answered and when, then the answer. */
export function ReviewReply({ from, at, body }: { from: string; at: ReactNode; body: string }) {
  return (
    <div className="rounded-md border-l-4 border-blue-200 bg-blue-50 px-3 py-2 text-sm" data-testid="review-reply">
      <p className="font-medium text-slate-900">
        Reply from {from} · {at}
      </p>
      <p className="mt-1 whitespace-pre-wrap text-slate-800 [overflow-wrap:anywhere]">{body}</p>
    </div>
  );
}
