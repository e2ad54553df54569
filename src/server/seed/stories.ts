// The demo marketplace's recent past (decision 103): clients' requests, oldest first, each told as
// what happened to it, day by day. The seed plays every step through the product's services, so that
// leads, scores, quotes, notifications, alerts and activity are the ones the product itself makes.
// The stories are data, checked here when loaded against the product's own contracts:
// - hired-stories.json: quotes compared, one accepted, the others told; the hiring clients review
//   these providers (reviews.ts);
// - closed-stories.json: closed without a hire, every quote declined or the request withdrawn;
// - open-stories.json: still running, quotes coming in, a lead turned down and passed on, and one
//   submitted just now for the matching job that runs when the product starts.
import { z } from "zod";
import { LEAD_DECLINE_REASONS } from "@/shared/leads";
import { createQuoteRequestSchema } from "@/shared/quote-requests";
import { quoteInputSchema } from "@/shared/quotes";
import closedStories from "./closed-stories.json";
import hiredStories from "./hired-stories.json";
import openStories from "./open-stories.json";
import { DEMO_PROVIDER_KEYS, demoClientContact } from "./story-cast";

const provider = z.enum(DEMO_PROVIDER_KEYS);
const day = z.number().nonnegative();

/** A story as written: its request without the contact part, which the client's record gives. */
const storySchema = z.strictObject({
  clientEmail: z.string(),
  daysAgo: day,
  request: createQuoteRequestSchema.omit({ requirements: true }).extend({
    requirements: z.record(z.string(), z.unknown()),
  }),
  /** Providers who opened the lead without quoting yet. */
  viewedBy: z.array(provider).optional(),
  /** Quotes sent by providers the request was delivered to (a provider it missed sends none). */
  quotes: z.array(z.strictObject({ from: provider, daysAfter: day, quote: quoteInputSchema })).optional(),
  /** Providers who turned the lead down; the request then goes on to the next best one. */
  declinedBy: z
    .array(
      z.strictObject({
        from: provider,
        daysAfter: day,
        reason: z.enum(LEAD_DECLINE_REASONS),
        note: z.string().optional(),
      }),
    )
    .optional(),
  /** The conversations, in order; the last ones stay unread by their recipient. */
  messages: z
    .array(z.strictObject({ with: provider, fromClient: z.boolean(), daysAfter: day, body: z.string() }))
    .optional(),
  /** What the client did last, and when (days after submitting). */
  outcome: z
    .discriminatedUnion("kind", [
      z.strictObject({ kind: z.enum(["accept", "decline"]), from: provider, daysAfter: day }),
      z.strictObject({ kind: z.literal("cancel"), daysAfter: day }),
    ])
    .optional(),
  /** The admin looked into the request's "too few providers" alert and resolved it. */
  resolveAlertDaysAfter: day.optional(),
  /** Left for the matching job that runs when the product starts, as a request just submitted. */
  submittedJustNow: z.boolean().optional(),
});

/** A story with its whole request, as the client's wizard sends it. */
function toStory(raw: unknown) {
  const story = storySchema.parse(raw);
  const requirements = { ...story.request.requirements, ...demoClientContact(story.clientEmail) };
  return { ...story, request: createQuoteRequestSchema.parse({ ...story.request, requirements }) };
}

export type DemoStory = ReturnType<typeof toStory>;

/** Every story, oldest first: the order the seed creates their requests in. */
export const DEMO_STORIES: DemoStory[] = [...hiredStories, ...closedStories, ...openStories]
  .map(toStory)
  .sort((x, y) => y.daysAgo - x.daysAgo);
