// Declining a request's pending quotes when it stops taking them (another quote accepted, the request
// cancelled). Called inside the transaction that holds the request's lock; kept apart from service.ts
// so that the quote-requests feature can call it without importing the whole quotes service.
import type { DeclineReason } from "@/shared/quotes";
import type { Db } from "../../db/client";
import type { QuoteRow } from "../../db/schema/quotes";
import { type MessagingDeps, notifyUser } from "../notifications/service";
import { emitWebhooks } from "../webhooks/events";
import { leadRefData, quoteDeclinedData } from "../webhooks/payloads";
import { quoteDeclinedMessage } from "./messages";
import * as q from "./queries";

/**
 * A request that stops taking quotes (closed or cancelled): its pending quotes (but `exceptQuoteId`)
 * declined and their providers told, its leads closed.
 */
export async function closeRequestQuotes(
  tx: Db,
  deps: MessagingDeps,
  quoteRequestId: number,
  reason: DeclineReason,
  exceptQuoteId?: number,
): Promise<QuoteRow[]> {
  const declined = await q.decidePendingQuotes(
    tx,
    { quoteRequestId, ...(exceptQuoteId !== undefined ? { exceptQuoteId } : {}) },
    { status: "declined", declineReason: reason },
  );
  const { appUrl } = deps;
  for (const quote of declined) {
    await notifyUser(tx, deps, quoteDeclinedMessage(appUrl, await q.findQuoteParties(tx, quote), quote, reason));
  }
  await emitWebhooks(
    tx,
    deps,
    "quote.declined",
    declined.map((quote) => ({ companyId: quote.companyId, data: () => quoteDeclinedData(tx, appUrl, quote) })),
  );
  // The leads still open close for their providers: all but the hired one's (decision 173).
  const hiredLead = exceptQuoteId === undefined ? null : await q.leadIdOfQuote(tx, exceptQuoteId);
  const closing = (await q.openLeadsOfRequest(tx, quoteRequestId)).filter((l) => l.id !== hiredLead);
  await q.setLeadStatus(tx, { quoteRequestId }, "closed");
  await emitWebhooks(
    tx,
    deps,
    "lead.withdrawn",
    closing.map((lead) => ({
      companyId: lead.companyId,
      data: async () => ({ ...(await leadRefData(tx, appUrl, lead.id)), reason }),
    })),
  );
  return declined;
}
