// What the provider and the client are told about a review (issue 17), in the app and by email.
import { PATHS, quoteRequestPath } from "@/shared/paths";
import { REVIEW_OUTCOME_LABELS, REVIEW_QUESTION, type ReviewOutcome } from "@/shared/reviews";
import { composeNotification } from "../notifications/compose";
import type { NotifyInput } from "../notifications/service";

/** Where the provider reads its reviews and replies: the Reviews card of Settings. */
export const PROVIDER_REVIEWS_PATH = `${PATHS.settings}#reviews`;

type Owner = { id: number; firstName: string; email: string };

export function reviewReceivedMessage(
  appUrl: string,
  to: Owner,
  review: { rating: number; outcome: ReviewOutcome; requestTitle: string; reviewer: string },
): NotifyInput {
  const stars = `${review.rating} star${review.rating === 1 ? "" : "s"}`;
  return composeNotification(appUrl, {
    to,
    kind: "review.received",
    title: `New review: ${stars} for "${review.requestTitle}"`,
    body: `${review.reviewer} reviewed your work on "${review.requestTitle}": ${stars}. ${REVIEW_QUESTION} ${REVIEW_OUTCOME_LABELS[review.outcome]}. You may reply once, publicly.`,
    link: PROVIDER_REVIEWS_PATH,
    email: { subject: `A client reviewed your company: ${stars}`, action: "Read the review and reply" },
  });
}

/** In the app only: the admin hid a review; the provider reads the reason on its Reviews card. */
export function reviewHiddenForProvider(to: Owner, requestTitle: string, reason: string): NotifyInput {
  return {
    userId: to.id,
    kind: "review.received",
    title: `A review of "${requestTitle}" was hidden`,
    body: `The marketplace hid the client's review of "${requestTitle}" from your profile and rating. Reason: ${reason}`,
    link: PROVIDER_REVIEWS_PATH,
  };
}

/** In the app only: the admin hid the client's review; the request's page shows it hidden, with the reason. */
export function reviewHiddenForClient(
  to: Owner,
  review: { quoteRequestId: number; requestTitle: string; companyName: string },
  reason: string,
): NotifyInput {
  return {
    userId: to.id,
    kind: "review.invited",
    title: `Your review of ${review.companyName} was hidden`,
    body: `The marketplace hid your review of ${review.companyName} for "${review.requestTitle}". Reason: ${reason}`,
    link: `${quoteRequestPath(review.quoteRequestId)}#review`,
  };
}
