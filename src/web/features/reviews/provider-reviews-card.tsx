// /settings, for providers (issue 17, decision 141): the company's reviews, newest first, each with its
// one public reply (a form until it is written) and, when the marketplace hid one, why. A review's
// notification lands here (#reviews).
import { type FormEvent, useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import { type OwnReview, REVIEW_REPLY_MAX, reviewReplyInputSchema } from "@/shared/reviews";
import type { PublicUser } from "@/shared/users";
import { ErrorAlert, LoadingNote } from "@/web/components/list-states";
import { LoadMore } from "@/web/components/load-more";
import { Button } from "@/web/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/web/components/ui/card";
import { Field } from "@/web/components/ui/field";
import { Textarea } from "@/web/components/ui/form-controls";
import { toast } from "@/web/components/ui/use-toast";
import { errorMessage } from "@/web/lib/api";
import { useOwnReviews, useReplyToReview } from "./api";
import { ReviewView } from "./review-view";

export const PROVIDER_REVIEWS_ANCHOR = "reviews";

function ReplyForm({ review }: { review: OwnReview }) {
  const reply = useReplyToReview(review.id);
  const [text, setText] = useState("");
  const [error, setError] = useState<string | undefined>();
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = reviewReplyInputSchema.safeParse({ body: text });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    reply.mutate(parsed.data, {
      onSuccess: () => toast({ title: "Reply published", description: "It shows under the review." }),
      onError: (err) => toast({ title: "Reply not sent", description: errorMessage(err), variant: "destructive" }),
    });
  };
  return (
    <form onSubmit={onSubmit} className="space-y-3" noValidate data-testid="reply-form">
      <Field
        id={`reply-${review.id}`}
        label="Your public reply"
        hint="You can reply once; it cannot be changed afterwards."
        error={error}
      >
        {(control) => (
          <Textarea
            {...control}
            rows={3}
            maxLength={REVIEW_REPLY_MAX}
            value={text}
            onChange={(e) => setText(e.target.value)}
          />
        )}
      </Field>
      <Button type="submit" size="sm" disabled={reply.isPending}>
        {reply.isPending ? "Publishing..." : "Publish reply"}
      </Button>
    </form>
  );
}

export function ProviderReviewsCard({ user }: { user: Pick<PublicUser, "userType"> }) {
  const isProvider = user.userType === "provider";
  const list = useOwnReviews(isProvider);
  const { hash } = useLocation();
  const ref = useRef<HTMLElement>(null);
  const loaded = list.isSuccess;
  useEffect(() => {
    if (loaded && hash === `#${PROVIDER_REVIEWS_ANCHOR}`) ref.current?.scrollIntoView({ block: "start" });
  }, [loaded, hash]);
  if (!isProvider) return null;
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <section id={PROVIDER_REVIEWS_ANCHOR} ref={ref} className="scroll-mt-4" aria-labelledby="provider-reviews-title">
      <Card data-testid="provider-reviews-card">
        <CardHeader>
          <CardTitle as="h2" id="provider-reviews-title">
            Reviews
          </CardTitle>
          <CardDescription>
            What the clients who hired you wrote, as your profile shows it. You may reply once to each, publicly.
          </CardDescription>
        </CardHeader>
        <CardContent className="space-y-4">
          {list.isLoading ? (
            <LoadingNote />
          ) : list.isError ? (
            <ErrorAlert error={list.error} what="Your reviews" />
          ) : items.length === 0 ? (
            <p className="text-slate-600">No reviews yet. Clients are invited to review you when they hire you.</p>
          ) : (
            <ul className="space-y-6">
              {items.map((review) => (
                <li key={review.id} className="space-y-2 border-t border-slate-200 pt-4 first:border-t-0 first:pt-0">
                  <p className="text-sm font-medium text-slate-900">On "{review.requestTitle}"</p>
                  <ReviewView review={review} replySlot={review.hidden ? null : <ReplyForm review={review} />} />
                </li>
              ))}
            </ul>
          )}
          <LoadMore list={list} />
        </CardContent>
      </Card>
    </section>
  );
}
