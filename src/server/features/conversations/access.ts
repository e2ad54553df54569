// Who may read and write a conversation (decision 128): only the request's client and the lead's
// provider company are its parties, everyone else is answered as if it did not exist; and why a party
// may no longer write (the lead declined or closed, the request over, the other side gone).
import { isDeletedAccountEmail } from "@/shared/account";
import type { MessageSide } from "@/shared/conversations";
import type { LeadStatus } from "@/shared/leads";
import type { QuoteRequestStatus } from "@/shared/quote-request-status";
import type { DeclineReason, QuoteStatus } from "@/shared/quotes";
import type { Db } from "../../db/client";
import type { UserRow } from "../../db/schema/users";
import { NotFoundError } from "../../errors";
import { requireAccess } from "../companies/access";
import * as q from "./queries";

/** The answer for a lead that does not exist and for one the caller is no party of, alike. */
export const CONVERSATION_NOT_FOUND = "No conversation of yours has this id.";

type Reader = { id: number; side: MessageSide };

/** Only a client or a provider can be a party; anyone else (an admin) is answered as a stranger. */
export function readerOf(user: Pick<UserRow, "id" | "userType">): Reader {
  if (user.userType === "client" || user.userType === "provider") return { id: user.id, side: user.userType };
  throw new NotFoundError(CONVERSATION_NOT_FOUND);
}

/** What decides whether a thread is open to its reader. */
export type ThreadFacts = {
  leadStatus: LeadStatus;
  requestStatus: QuoteRequestStatus;
  quote: { status: QuoteStatus | null; declineReason: DeclineReason | null } | null;
  /** The other party deleted their account. */
  counterpartGone: boolean;
};

const CLOSED = "This conversation is closed.";

const CLOSED_BY_QUOTE: Record<DeclineReason, Record<MessageSide, string>> = {
  "client-declined": {
    client: "You declined this provider's quote, so this conversation is closed.",
    provider: "The client declined your quote, so this conversation is closed.",
  },
  "other-accepted": {
    client: "You hired another provider for this request, so this conversation is closed.",
    provider: "The client hired another provider, so this conversation is closed.",
  },
  "request-cancelled": {
    client: "You cancelled this request, so this conversation is closed.",
    provider: "The client cancelled this request, so this conversation is closed.",
  },
  "admin-cancelled": {
    client: "The marketplace cancelled this request, so this conversation is closed.",
    provider: "The marketplace cancelled this request, so this conversation is closed.",
  },
  "admin-completed": {
    client: "The marketplace closed this request, so this conversation is closed.",
    provider: "The marketplace closed this request, so this conversation is closed.",
  },
};

const TAKES_MESSAGES = new Set<QuoteRequestStatus>(["open", "matched"]);

/** Why the reader cannot write, or null when they can. */
export function closedReason(facts: ThreadFacts, side: MessageSide): string | null {
  if (facts.counterpartGone) {
    return side === "client"
      ? "This provider has left the marketplace, so this conversation is closed."
      : "The client deleted their account, so this conversation is closed.";
  }
  // The hire: the client and the hired provider keep talking after the request closes.
  if (facts.quote?.status === "accepted") return null;
  // A declined lead is no thread to its client at all (visibleTo), so only its provider reads this.
  if (facts.leadStatus === "declined") return "You declined this lead, so you can no longer write here.";
  if (facts.leadStatus !== "closed" && TAKES_MESSAGES.has(facts.requestStatus)) return null;
  const reason = facts.quote?.status === "declined" ? facts.quote.declineReason : null;
  if (reason) return CLOSED_BY_QUOTE[reason][side];
  if (facts.requestStatus === "cancelled") return "This request was cancelled, so this conversation is closed.";
  if (facts.requestStatus === "closed") return "This request is closed, and so is this conversation.";
  return CLOSED;
}

/**
 * A declined lead is no thread to its client, messages or not: it answers as one that does not exist.
 * Showing it closed while the request is still open would tell the client who declined (decision 128).
 */
export function visibleTo(row: q.ThreadRow, side: MessageSide): boolean {
  // A lead taken back from a suspended provider is gone from the client's request too (decision 151).
  return !(side === "client" && (row.lead.status === "declined" || row.lead.withdrawnAt !== null));
}

export function factsOf(row: q.ThreadRow, side: MessageSide): ThreadFacts {
  const counterpartEmail = side === "client" ? row.owner.email : row.client.email;
  return {
    leadStatus: row.lead.status,
    requestStatus: row.request.status,
    quote: row.quote,
    counterpartGone: isDeletedAccountEmail(counterpartEmail),
  };
}

/**
 * The thread, when the caller is its party: 404 for everyone else (admins too), and 403 with the
 * reason for a provider who may not act on leads now (as on the lead's own page).
 */
export async function loadThread(db: Db, user: UserRow, leadId: number, options: { lock?: boolean } = {}) {
  const reader = readerOf(user);
  if (reader.side === "provider") await requireAccess(db, user);
  const row = await q.findThread(db, leadId, reader, options);
  if (!row || !visibleTo(row, reader.side)) throw new NotFoundError(CONVERSATION_NOT_FOUND);
  return { reader, row };
}
