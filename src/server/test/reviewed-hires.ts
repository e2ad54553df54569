// A provider hired on a request of its own, with the client's review of the hire, written straight to
// the tables (the review routes are another feature's): what the match score and the client's quote
// comparison read of a provider's ratings and outcomes.
import { eq } from "drizzle-orm";
import type { Industry } from "@/shared/quote-request-options";
import type { ReviewOutcome } from "@/shared/reviews";
import { leads } from "../db/schema/leads";
import { quoteRequests } from "../db/schema/quote-requests";
import { quotes } from "../db/schema/quotes";
import { reviews } from "../db/schema/reviews";
import { refreshProviderStats } from "../features/companies/stats";
import { quoteRequestBody } from "./fixtures";
import { as, type TestContext, type TestUser } from "./test-app";

export type ReviewedHire = {
  /** The client who hires and reviews. */
  client: TestUser;
  companyId: number;
  rating: number;
  outcome?: ReviewOutcome;
  /** Hidden by an admin: left out of the rating, the outcomes and the score. */
  hidden?: boolean;
  /** The industry of the request hired on (the match score's wins part counts hires per industry). */
  industry?: Industry;
};

/** A closed request of the client, the company's accepted quote on it, and the client's review. */
export async function createReviewedHire(ctx: TestContext, hire: ReviewedHire): Promise<{ quoteRequestId: number }> {
  const db = ctx.database.db;
  const res = await as(ctx, hire.client, {
    method: "POST",
    url: "/api/quote-requests",
    payload: quoteRequestBody({ industry: hire.industry ?? "healthcare" }),
  });
  if (res.statusCode !== 201) throw new Error(`could not submit the hired request: ${res.body}`);
  const quoteRequestId: number = res.json().id;
  await db.update(quoteRequests).set({ status: "closed" }).where(eq(quoteRequests.id, quoteRequestId));
  const [lead] = await db
    .insert(leads)
    .values({ quoteRequestId, companyId: hire.companyId, matchScore: 50, scoreParts: [], status: "closed" })
    .returning({ id: leads.id });
  if (!lead) throw new Error("could not create the hire's lead");
  const [quote] = await db
    .insert(quotes)
    .values({
      leadId: lead.id,
      companyId: hire.companyId,
      quoteRequestId,
      amountCents: 1_200_000,
      timeline: "6 weeks",
      message: "We will automate the process end to end and hand it over with documentation.",
      status: "accepted",
      decidedAt: new Date(),
    })
    .returning({ id: quotes.id });
  if (!quote) throw new Error("could not create the hire's quote");
  await db.insert(reviews).values({
    quoteId: quote.id,
    quoteRequestId,
    companyId: hire.companyId,
    clientId: hire.client.id,
    rating: hire.rating,
    body: "They delivered what they promised, on time, and answered every question quickly.",
    outcome: hire.outcome ?? "met",
    hoursSavedPerYear: 400,
    estimatedHoursPerYear: 480,
    ...(hire.hidden ? { hiddenAt: new Date(), hiddenReason: "Written about another provider" } : {}),
  });
  await refreshProviderStats(db, hire.companyId);
  return { quoteRequestId };
}
