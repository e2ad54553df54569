// What the client and the providers are told about quotes, in the app and by email (text and HTML).
import { BRAND_NAME } from "@/shared/brand";
import { type DeclineReason, firstYearTotalCents, formatUsd } from "@/shared/quotes";
import { escapeHtml, type NotifyInput } from "../notifications/service";
import type { findQuoteParties, QuoteRow } from "./queries";

type Parties = Awaited<ReturnType<typeof findQuoteParties>>;

const leadLink = (quote: Pick<QuoteRow, "leadId">) => `/provider-dashboard/leads/${quote.leadId}`;

function message(
  to: { id: number; firstName: string; email: string },
  kind: string,
  title: string,
  body: string,
  link: string,
  subject: string,
  where: string,
): NotifyInput {
  const greeting = `Hello ${to.firstName},`;
  return {
    userId: to.id,
    kind,
    title,
    body,
    link,
    email: {
      to: to.email,
      // notifyUser makes it one line of bounded length.
      subject,
      text: `${greeting}\n\n${body}\n\nSign in to ${BRAND_NAME} and open ${where} to see it.\n\nThe ${BRAND_NAME} team`,
      html:
        `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(body)}</p>` +
        `<p>Sign in to ${BRAND_NAME} and open ${escapeHtml(where)} to see it.</p><p>The ${BRAND_NAME} team</p>`,
    },
  };
}

function price(quote: QuoteRow): string {
  const total = firstYearTotalCents(quote.amountCents, quote.lineItems);
  const amount = formatUsd(quote.amountCents);
  return total === quote.amountCents ? amount : `${amount} (${formatUsd(total)} in the first year)`;
}

export function quoteReceivedMessage(parties: Parties, quote: QuoteRow): NotifyInput {
  const { request, provider } = parties;
  return message(
    request.client,
    "quote.received",
    `New quote for "${request.title}"`,
    `${provider.companyName} sent a quote of ${price(quote)} for "${request.title}", timeline: ${quote.timeline}.`,
    `/quote-request/${quote.quoteRequestId}`,
    `New quote from ${provider.companyName}`,
    "your request",
  );
}

export function quoteAcceptedMessage(parties: Parties, quote: QuoteRow): NotifyInput {
  const { request, provider } = parties;
  return message(
    provider.owner,
    "quote.accepted",
    `Your quote for "${request.title}" was accepted`,
    `${request.client.firstName} accepted ${provider.companyName}'s quote of ${price(quote)} for "${request.title}". The client's contact details are on the lead's page.`,
    leadLink(quote),
    `You won "${request.title}" on ${BRAND_NAME}`,
    "the lead",
  );
}

const DECLINED_BODY: Record<DeclineReason, (title: string) => string> = {
  "client-declined": (title) => `The client declined your quote for "${title}".`,
  "other-accepted": (title) => `The client hired another provider for "${title}"; your quote was declined.`,
  "request-cancelled": (title) => `The client cancelled the request "${title}"; your quote was declined.`,
};

export function quoteDeclinedMessage(parties: Parties, quote: QuoteRow, reason: DeclineReason): NotifyInput {
  const { request } = parties;
  return message(
    parties.provider.owner,
    "quote.declined",
    `Your quote for "${request.title}" was declined`,
    DECLINED_BODY[reason](request.title),
    leadLink(quote),
    `Your quote for "${request.title}" was declined`,
    "the lead",
  );
}
