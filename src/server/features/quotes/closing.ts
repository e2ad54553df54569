// Declining a request's pending quotes when it stops taking them (another quote accepted, the request
// cancelled). Called inside the transaction that holds the request's lock; kept apart from service.ts
// so that the quote-requests feature can call it without importing the whole quotes service.
import type { DeclineReason } from "@/shared/quotes";
import type { Db } from "../../db/client";
import type { QuoteRow } from "../../db/schema/quotes";
import { type MessagingDeps, notifyUser } from "../notifications/service";
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
  await q.setLeadStatus(tx, { quoteRequestId }, "closed");
  return declined;
}
