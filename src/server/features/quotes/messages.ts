// What the client and the providers are told about quotes, in the app and by email (text and HTML).
import { BRAND_NAME } from "@/shared/brand";
import { leadPath, quoteRequestPath } from "@/shared/paths";
import { type DeclineReason, firstYearTotalCents, formatUsd } from "@/shared/quotes";
import type { QuoteRow } from "../../db/schema/quotes";
import { composeNotification } from "../notifications/compose";
import type { NotifyInput } from "../notifications/service";
import type { findQuoteParties } from "./queries";

type Parties = Awaited<ReturnType<typeof findQuoteParties>>;

function price(quote: QuoteRow): string {
  const total = firstYearTotalCents(quote.amountCents, quote.lineItems);
  const amount = formatUsd(quote.amountCents);
  return total === quote.amountCents ? amount : `${amount} (${formatUsd(total)} in the first year)`;
}

export function quoteReceivedMessage(appUrl: string, parties: Parties, quote: QuoteRow): NotifyInput {
  const { request, provider } = parties;
  return composeNotification(appUrl, {
    to: request.client,
    kind: "quote.received",
    title: `New quote for "${request.title}"`,
    body: `${provider.companyName} sent a quote of ${price(quote)} for "${request.title}", timeline: ${quote.timeline}.`,
    link: quoteRequestPath(quote.quoteRequestId),
    email: { subject: `New quote from ${provider.companyName}`, action: "Compare the quotes on your request" },
  });
}

export function quoteAcceptedMessage(appUrl: string, parties: Parties, quote: QuoteRow): NotifyInput {
  const { request, provider } = parties;
  return composeNotification(appUrl, {
    to: provider.owner,
    kind: "quote.accepted",
    title: `Your quote for "${request.title}" was accepted`,
    body: `${request.client.firstName} accepted ${provider.companyName}'s quote of ${price(quote)} for "${request.title}". The client's contact details are on the lead's page.`,
    link: leadPath(quote.leadId),
    email: { subject: `You won "${request.title}" on ${BRAND_NAME}`, action: "See the client's contact details" },
  });
}

const DECLINED_BODY: Record<DeclineReason, (title: string) => string> = {
  "client-declined": (title) => `The client declined your quote for "${title}".`,
  "other-accepted": (title) => `The client hired another provider for "${title}"; your quote was declined.`,
  "request-cancelled": (title) => `The client cancelled the request "${title}"; your quote was declined.`,
  "admin-cancelled": (title) => `The marketplace cancelled the request "${title}"; your quote was declined.`,
  "admin-completed": (title) => `The marketplace closed the request "${title}"; your quote was declined.`,
};

export function quoteDeclinedMessage(
  appUrl: string,
  parties: Parties,
  quote: QuoteRow,
  reason: DeclineReason,
): NotifyInput {
  const { request } = parties;
  const title = `Your quote for "${request.title}" was declined`;
  return composeNotification(appUrl, {
    to: parties.provider.owner,
    kind: "quote.declined",
    title,
    body: DECLINED_BODY[reason](request.title),
    link: leadPath(quote.leadId),
    email: { subject: title, action: "Open the lead" },
  });
}

/** The hire's invitation to review (issue 17): in the app and by email, on the request's review card. */
export function reviewInvitedMessage(appUrl: string, parties: Parties, quote: QuoteRow): NotifyInput {
  const { request, provider } = parties;
  return composeNotification(appUrl, {
    to: request.client,
    kind: "review.invited",
    title: `Once the work is done, review ${provider.companyName}`,
    body: `You hired ${provider.companyName} for "${request.title}". Once the automation runs, tell other businesses how it went: a rating, a few words, and whether it saved the hours estimated.`,
    link: `${quoteRequestPath(quote.quoteRequestId)}#review`,
    email: { subject: `How did ${provider.companyName} do?`, action: `Review ${provider.companyName}` },
  });
}
