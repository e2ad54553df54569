// The request page's review card (issue 17, decision 141), for the client who hired: "Review <provider>"
// (stars, text, whether the automation saved the hours estimated, the hours actually saved beside the
// estimate), then the review as written, with the provider's reply or the marketplace's hiding. The
// invitation's link lands here (#review). The same zod schema as the server's validates the form.
import { useQuery } from "@tanstack/react-query";
import { Star } from "lucide-react";
import { useEffect, useRef } from "react";
import { type Control, Controller } from "react-hook-form";
import { useLocation } from "react-router";
import {
  RATING_MAX,
  REVIEW_BODY_MAX,
  REVIEW_OUTCOME_LABELS,
  REVIEW_OUTCOMES,
  REVIEW_QUESTION,
  type RequestReview,
  type ReviewInput,
  reviewInputSchema,
} from "@/shared/reviews";
import { ErrorAlert } from "@/web/components/list-states";
import { Button } from "@/web/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/web/components/ui/card";
import { FieldGroup } from "@/web/components/ui/field";
import { bound, InputField, TextareaField } from "@/web/components/ui/form-fields";
import { toast } from "@/web/components/ui/use-toast";
import { errorMessage } from "@/web/lib/api";
import { cn } from "@/web/lib/cn";
import { formatHours } from "@/web/lib/format";
import { useSchemaForm } from "@/web/lib/schema-form";
import { requestReviewQueryOptions, useCreateReview } from "./api";
import { ReviewView } from "./review-view";

export const REVIEW_ANCHOR = "review";

/** An empty box or an unchosen radio is "not given". */
const optionalNumber = (v: unknown) => (v === "" || v === null || v === undefined ? undefined : Number(v));

/**
 * Five radios drawn as stars: arrow keys move between them, each is read as "N stars". Controlled, so
 * that the form holds the rating as the number the schema wants (a registered radio yields its text).
 */
function StarRadios({ control }: { control: Control<ReviewInput> }) {
  return (
    <Controller
      control={control}
      name="rating"
      render={({ field }) => (
        <div className="flex items-center gap-1">
          {Array.from({ length: RATING_MAX }, (_, i) => {
            const value = i + 1;
            const lit = typeof field.value === "number" && value <= field.value;
            return (
              <label
                key={value}
                className="relative rounded p-0.5 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-blue-500"
              >
                {/* Transparent over its star: a click on the star is a click on the radio. */}
                <input
                  type="radio"
                  name={field.name}
                  value={value}
                  checked={field.value === value}
                  onChange={() => field.onChange(value)}
                  onBlur={field.onBlur}
                  className="absolute inset-0 m-0 h-full w-full cursor-pointer opacity-0"
                  aria-label={`${value} star${value === 1 ? "" : "s"}`}
                />
                <Star
                  aria-hidden="true"
                  className={cn("h-7 w-7", lit ? "fill-amber-400 text-amber-500" : "text-slate-400")}
                />
              </label>
            );
          })}
          <span className="ml-2 text-sm text-slate-700" aria-hidden="true">
            {typeof field.value === "number" ? `${field.value} of ${RATING_MAX}` : ""}
          </span>
        </div>
      )}
    />
  );
}

function ReviewForm({ requestId, data }: { requestId: number; data: RequestReview }) {
  const create = useCreateReview(requestId);
  const form = useSchemaForm(reviewInputSchema, { body: "" });
  const errors = form.formState.errors;
  const onSubmit = (values: ReviewInput) =>
    create.mutate(values, {
      onSuccess: () => toast({ title: "Review published", description: "Thank you: other businesses will read it." }),
      onError: (err) => toast({ title: "Review not sent", description: errorMessage(err), variant: "destructive" }),
    });
  const estimate =
    data.estimatedHoursPerYear === null
      ? "No estimate: this request gave no volume or time per task."
      : `Estimated: ${formatHours(data.estimatedHoursPerYear)} a year`;
  return (
    <form onSubmit={form.handleSubmit(onSubmit)} className="space-y-5" noValidate data-testid="review-form">
      <FieldGroup id="review-rating" legend="Your rating" error={errors.rating?.message}>
        <StarRadios control={form.control} />
      </FieldGroup>
      <TextareaField
        {...bound(form, "body")}
        id="review-body"
        label="Your review"
        hint="What did they build, and how did working with them go?"
        rows={5}
        maxLength={REVIEW_BODY_MAX}
      />
      <FieldGroup id="review-outcome" legend={REVIEW_QUESTION} error={errors.outcome?.message}>
        <div className="flex flex-wrap gap-x-6 gap-y-2">
          {REVIEW_OUTCOMES.map((o) => (
            <label key={o} className="flex items-center gap-2 text-sm text-slate-800">
              <input type="radio" value={o} className="h-4 w-4" {...form.register("outcome")} />
              {REVIEW_OUTCOME_LABELS[o]}
            </label>
          ))}
        </div>
      </FieldGroup>
      <InputField
        {...bound(form, "hoursSavedPerYear", { setValueAs: optionalNumber })}
        id="review-hours"
        label="Hours actually saved a year"
        optional
        hint={estimate}
        type="number"
        inputMode="numeric"
        min={0}
        step={1}
        controlClassName="w-40"
      />
      <Button type="submit" disabled={create.isPending}>
        {create.isPending ? "Publishing..." : "Publish review"}
      </Button>
    </form>
  );
}

/** Nothing before a hire; the form once hired; the review once written. */
export function RequestReviewCard({ requestId }: { requestId: number }) {
  const read = useQuery(requestReviewQueryOptions(requestId));
  const { hash } = useLocation();
  const ref = useRef<HTMLDivElement>(null);
  const ready = read.data?.provider != null;
  useEffect(() => {
    if (ready && hash === `#${REVIEW_ANCHOR}`) ref.current?.scrollIntoView({ block: "start" });
  }, [ready, hash]);
  if (read.isError) return <ErrorAlert error={read.error} what="Your review" />;
  const data = read.data;
  if (!data?.provider) return null;
  const name = data.provider.name;
  return (
    <section id={REVIEW_ANCHOR} ref={ref} className="scroll-mt-4" aria-labelledby="review-card-title">
      <Card data-testid="review-card">
        <CardHeader>
          <CardTitle as="h2" id="review-card-title">
            {data.review ? `Your review of ${name}` : `Review ${name}`}
          </CardTitle>
          <CardDescription>
            {data.review
              ? data.review.hidden
                ? "An administrator removed this review from the provider's profile."
                : "Published on the provider's profile as a verified hire."
              : `You hired ${name}. Once the work is done, tell other businesses how it went: only clients who hired can review.`}
          </CardDescription>
        </CardHeader>
        <CardContent>
          {data.review ? (
            <ReviewView review={data.review} />
          ) : data.canReview ? (
            <ReviewForm requestId={requestId} data={data} />
          ) : null}
        </CardContent>
      </Card>
    </section>
  );
}
