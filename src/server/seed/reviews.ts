// The demo's reviews (issue 17): clients who hired a demo provider tell how it went, through the product's
// own services, after the stories' hires; each moved back to its day. The demo provider (Pat) has two,
// one answered and one that says the automation saved only part of the estimate, waiting for a reply.
import { and, eq } from "drizzle-orm";
import type { ReviewInput, ReviewOutcome } from "@/shared/reviews";
import { quoteRequests } from "../db/schema/quote-requests";
import type { UserRow } from "../db/schema/users";
import type { AppDeps } from "../deps";
import { createReview, replyToReview } from "../features/reviews/service";
import { backdate } from "./history";
import { type DemoProviderKey, demoProviderEmail } from "./story-cast";

export type DemoReview = {
  clientEmail: string;
  /** The story's request, by its title: the client hired `provider` on it. */
  requestTitle: string;
  provider: DemoProviderKey;
  daysAgo: number;
  rating: number;
  body: string;
  outcome: ReviewOutcome;
  /** The hours saved as a share of the request's estimate; null: not given. */
  savedShare: number | null;
  reply?: { daysAgo: number; body: string };
};

export const DEMO_REVIEWS: DemoReview[] = [
  {
    clientEmail: "priya@demo.automatch.io",
    requestTitle: "Patient intake forms into the EHR",
    provider: "kestrel",
    daysAgo: 20,
    rating: 5,
    body: "Kestrel's bot reads every intake form and files it in the EHR before the patient reaches the desk. Front-desk staff now spend the morning with patients, not keyboards, and the error rate on allergies dropped to zero in the first month.",
    outcome: "met",
    savedShare: 1.1,
  },
  {
    clientEmail: "client@demo.automatch.io",
    requestTitle: "Month-end reconciliation reports",
    provider: "provider",
    daysAgo: 12,
    rating: 5,
    body: "The reconciliation used to take two of us three days every month end. Now the bot matches the ledger against the bank statements overnight and we only look at the handful of exceptions it flags. Clear communication throughout, and they delivered a week early.",
    outcome: "met",
    savedShare: 1.05,
    reply: {
      daysAgo: 11,
      body: "Thank you, Casey. Your team's clean exception rules made the difference; we will check in after the quarter close.",
    },
  },
  {
    clientEmail: "priya@demo.automatch.io",
    requestTitle: "Appointment reminders and no-show follow-up",
    provider: "provider",
    daysAgo: 3,
    rating: 4,
    body: "Reminders go out on time and no-shows dropped noticeably. Rebooking still needs a person for patients who reply in free text, so we save less time than the estimate, but the team was responsive when we asked for changes.",
    outcome: "partly",
    savedShare: 0.6,
  },
  {
    clientEmail: "jordan@demo.automatch.io",
    requestTitle: "Matter profitability dashboard",
    provider: "lumen",
    daysAgo: 2,
    rating: 4,
    body: "The partners finally see which matters make money without waiting for finance. The dashboard refreshes every night from billing and the ledger. A few report names took two rounds to get right.",
    outcome: "met",
    savedShare: null,
  },
];

/** Plays each review (and its reply) after the hires, each moved back to its day. */
export async function seedDemoReviews(deps: AppDeps, account: (email: string) => UserRow): Promise<void> {
  for (const demo of DEMO_REVIEWS) {
    const client = account(demo.clientEmail);
    const [request] = await deps.db
      .select({ id: quoteRequests.id, roi: quoteRequests.roiHoursPerYear })
      .from(quoteRequests)
      .where(and(eq(quoteRequests.clientId, client.id), eq(quoteRequests.title, demo.requestTitle)))
      .limit(1);
    if (!request) throw new Error(`the demo request "${demo.requestTitle}" is missing`);
    const input: ReviewInput = {
      rating: demo.rating,
      body: demo.body,
      outcome: demo.outcome,
      hoursSavedPerYear:
        demo.savedShare === null || request.roi === null ? null : Math.round(request.roi * demo.savedShare),
    };
    let since = new Date();
    const review = await createReview(deps, client, request.id, input);
    await backdate(deps.db, since, demo.daysAgo);
    if (demo.reply) {
      since = new Date();
      await replyToReview(deps.db, account(demoProviderEmail(demo.provider)), review.id, { body: demo.reply.body });
      await backdate(deps.db, since, demo.reply.daysAgo);
    }
  }
}
