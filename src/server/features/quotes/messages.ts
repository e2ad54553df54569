// What the client and the providers are told about quotes, in the app and by email (text and HTML).
import { BRAND_NAME } from "@/shared/brand";
import { type DeclineReason, firstYearTotalCents, formatUsd } from "@/shared/quotes";
import type { QuoteRow } from "../../db/schema/quotes";
import { emailAction, escapeHtml, type NotifyInput } from "../notifications/service";
import type { findQuoteParties } from "./queries";

type Parties = Awaited<ReturnType<typeof findQuoteParties>>;

const leadLink = (quote: Pick<QuoteRow, "leadId">) => `/provider-dashboard/leads/${quote.leadId}`;

function message(
  appUrl: string,
  to: { id: number; firstName: string; email: string },
  kind: string,
  title: string,
  body: string,
  link: string,
  subject: string,
  action: string,
): NotifyInput {
  const greeting = `Hello ${to.firstName},`;
  const open = emailAction(appUrl, link, action);
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
      text: `${greeting}\n\n${body}\n\n${open.text}\n\nThe ${BRAND_NAME} team`,
      html: `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(body)}</p>${open.html}<p>The ${BRAND_NAME} team</p>`,
    },
  };
}

function price(quote: QuoteRow): string {
  const total = firstYearTotalCents(quote.amountCents, quote.lineItems);
  const amount = formatUsd(quote.amountCents);
  return total === quote.amountCents ? amount : `${amount} (${formatUsd(total)} in the first year)`;
}

export function quoteReceivedMessage(appUrl: string, parties: Parties, quote: QuoteRow): NotifyInput {
  const { request, provider } = parties;
  return message(
    appUrl,
    request.client,
    "quote.received",
    `New quote for "${request.title}"`,
    `${provider.companyName} sent a quote of ${price(quote)} for "${request.title}", timeline: ${quote.timeline}.`,
    `/quote-request/${quote.quoteRequestId}`,
    `New quote from ${provider.companyName}`,
    "Compare the quotes on your request",
  );
}

export function quoteAcceptedMessage(appUrl: string, parties: Parties, quote: QuoteRow): NotifyInput {
  const { request, provider } = parties;
  return message(
    appUrl,
    provider.owner,
    "quote.accepted",
    `Your quote for "${request.title}" was accepted`,
    `${request.client.firstName} accepted ${provider.companyName}'s quote of ${price(quote)} for "${request.title}". The client's contact details are on the lead's page.`,
    leadLink(quote),
    `You won "${request.title}" on ${BRAND_NAME}`,
    "See the client's contact details",
  );
}

const DECLINED_BODY: Record<DeclineReason, (title: string) => string> = {
  "client-declined": (title) => `The client declined your quote for "${title}".`,
  "other-accepted": (title) => `The client hired another provider for "${title}"; your quote was declined.`,
  "request-cancelled": (title) => `The client cancelled the request "${title}"; your quote was declined.`,
};

export function quoteDeclinedMessage(
  appUrl: string,
  parties: Parties,
  quote: QuoteRow,
  reason: DeclineReason,
): NotifyInput {
  const { request } = parties;
  return message(
    appUrl,
    parties.provider.owner,
    "quote.declined",
    `Your quote for "${request.title}" was declined`,
    DECLINED_BODY[reason](request.title),
    leadLink(quote),
    `Your quote for "${request.title}" was declined`,
    "Open the lead",
  );
}
