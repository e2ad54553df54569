// What each event carries (decision 173): what the provider may see at that moment on its own pages.
// A new lead carries the request without the client's name, address and company (the lead page shows
// them only after a quote or the client's first message); a hire carries them, once the client has
// confirmed the address (decision 114). Every event names the lead's page, for a person to follow.
import { eq } from "drizzle-orm";
import { isDeletedAccountEmail } from "@/shared/account";
import { leadPath } from "@/shared/paths";
import { pick } from "@/shared/pick";
import type { Db } from "../../db/client";
import { leads } from "../../db/schema/leads";
import { quoteRequests } from "../../db/schema/quote-requests";
import type { QuoteRow } from "../../db/schema/quotes";
import { users } from "../../db/schema/users";

async function leadAndRequest(tx: Db, leadId: number) {
  const [row] = await tx
    .select({ lead: leads, request: quoteRequests })
    .from(leads)
    .innerJoin(quoteRequests, eq(quoteRequests.id, leads.quoteRequestId))
    .where(eq(leads.id, leadId));
  if (!row) throw new Error(`lead ${leadId} is gone`);
  return row;
}

const leadRef = (appUrl: string, leadId: number) => ({ id: leadId, url: `${appUrl}${leadPath(leadId)}` });

/** lead.delivered: the lead and the request as the lead page first shows them. */
export async function leadDeliveredData(tx: Db, appUrl: string, leadId: number) {
  const { lead, request } = await leadAndRequest(tx, leadId);
  const { fullName: _name, email: _email, companyName: _company, ...requirements } = request.requirements;
  return {
    lead: { ...leadRef(appUrl, lead.id), invited: lead.invited, matchScore: lead.matchScore },
    request: {
      id: request.id,
      title: request.title,
      description: request.description,
      industry: request.industry,
      automationTypes: request.automationTypes,
      budgetRange: request.budgetRange,
      timeline: request.timeline,
      isComplex: request.isComplex,
      roiHoursPerYear: request.roiHoursPerYear,
      requirements,
      createdAt: request.createdAt.toISOString(),
    },
  };
}

/** The lead and its request's title: what every later event names. */
export async function leadRefData(tx: Db, appUrl: string, leadId: number) {
  const { request } = await leadAndRequest(tx, leadId);
  return { lead: leadRef(appUrl, leadId), request: { id: request.id, title: request.title } };
}

function quoteOf(quote: QuoteRow) {
  return pick(quote, ["id", "status", "amountCents", "timeline", "declineReason"]);
}

/** quote.declined: the quote and why. */
export async function quoteDeclinedData(tx: Db, appUrl: string, quote: QuoteRow) {
  return { ...(await leadRefData(tx, appUrl, quote.leadId)), quote: quoteOf(quote) };
}

/** quote.accepted: the quote, and the client's contact details for the work ahead. */
export async function quoteAcceptedData(tx: Db, appUrl: string, quote: QuoteRow) {
  const { request } = await leadAndRequest(tx, quote.leadId);
  const [client] = await tx
    .select({
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      verifiedAt: users.emailVerifiedAt,
    })
    .from(users)
    .where(eq(users.id, request.clientId));
  const shown = client && client.verifiedAt !== null && !isDeletedAccountEmail(client.email);
  return {
    lead: leadRef(appUrl, quote.leadId),
    request: { id: request.id, title: request.title },
    quote: quoteOf(quote),
    client: shown
      ? {
          name: request.requirements.fullName || `${client.firstName} ${client.lastName}`,
          email: client.email,
          companyName: request.requirements.companyName,
        }
      : null,
  };
}
