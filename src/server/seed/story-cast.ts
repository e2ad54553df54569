// Who the demo marketplace's stories are about (its clients and the providers by key) and what a story
// is made of (decision 103). The stories themselves are in hired-stories.ts, closed-stories.ts and
// open-stories.ts; stories.ts puts them in order.

import type { LeadDeclineReason } from "@/shared/leads";
import type { CreateQuoteRequestInput, Requirements } from "@/shared/quote-requests";
import type { QuoteInput } from "@/shared/quotes";

export type DemoClient = { email: string; firstName: string; lastName: string; companyName: string; location: string };

export const DEMO_CLIENTS: DemoClient[] = [
  {
    email: "client@demo.automatch.io",
    firstName: "Casey",
    lastName: "Client",
    companyName: "Demo Manufacturing Co.",
    location: "Columbus, OH",
  },
  {
    email: "jordan@demo.automatch.io",
    firstName: "Jordan",
    lastName: "Lee",
    companyName: "Lee & Ortiz LLP",
    location: "Chicago, IL",
  },
  {
    email: "priya@demo.automatch.io",
    firstName: "Priya",
    lastName: "Shah",
    companyName: "Riverside Family Clinic",
    location: "Denver, CO",
  },
  {
    email: "tom@demo.automatch.io",
    firstName: "Tom",
    lastName: "Becker",
    companyName: "Becker Outdoor Supply",
    location: "Seattle, WA",
  },
];

/** A demo provider, by the first part of its owner's email ("provider" is Pat, the demo provider). */
export type DemoProviderKey = "provider" | "lumen" | "cobalt" | "kestrel" | "meridian" | "bluebird";
export const demoProviderEmail = (key: DemoProviderKey) => `${key}@demo.automatch.io`;

/** A quote sent by one of the providers the request was delivered to (a provider it missed sends none). */
export type DemoQuote = { from: DemoProviderKey; daysAfter: number; quote: QuoteInput };

/** A message in the thread between the client and one provider the request was delivered to. */
export type DemoMessage = { with: DemoProviderKey; fromClient: boolean; daysAfter: number; body: string };

export type DemoStory = {
  clientEmail: string;
  daysAgo: number;
  request: Omit<CreateQuoteRequestInput, "requirements"> & {
    requirements: Omit<Requirements, "fullName" | "email" | "companyName" | "location">;
  };
  /** Providers who opened the lead without quoting yet. */
  viewedBy?: DemoProviderKey[];
  quotes?: DemoQuote[];
  /** Providers who turned the lead down; the request then goes on to the next best one. */
  declinedBy?: { from: DemoProviderKey; daysAfter: number; reason: LeadDeclineReason; note?: string }[];
  /** The conversations, in order; the last ones stay unread by their recipient. */
  messages?: DemoMessage[];
  /** What the client did last, and when (days after submitting). */
  outcome?:
    | { kind: "accept"; from: DemoProviderKey; daysAfter: number }
    | { kind: "decline"; from: DemoProviderKey; daysAfter: number }
    | { kind: "cancel"; daysAfter: number };
  /** The admin looked into the request's "too few providers" alert and resolved it. */
  resolveAlertDaysAfter?: number;
  /** Left for the matching job that runs when the product starts, as a request just submitted. */
  submittedJustNow?: boolean;
};

export const quote = (
  amount: number,
  timeline: string,
  message: string,
  lineItems?: QuoteInput["lineItems"],
): QuoteInput => (lineItems ? { amount, timeline, message, lineItems } : { amount, timeline, message });
