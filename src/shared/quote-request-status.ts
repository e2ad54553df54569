// A quote request's status: stored once, read in two vocabularies, the client's and the admin's
// (DESIGN.md "One request lifecycle").
import { labelledOptions } from "./labelled-options";

export type QuoteRequestStatus = (typeof QUOTE_REQUEST_STATUSES)[number];
export const { values: QUOTE_REQUEST_STATUSES, labels: CLIENT_STATUS_LABELS } = labelledOptions({
  open: "Open",
  matched: "Matched",
  closed: "Closed",
  cancelled: "Cancelled",
});

/** The three values a client sees; a cancelled request is shown as closed. */
export type ClientStatus = "open" | "matched" | "closed";
export function clientStatus(status: QuoteRequestStatus): ClientStatus {
  return status === "cancelled" ? "closed" : status;
}

/** The admin's vocabulary (spec section 4) maps one to one onto the stored status. */
export const ADMIN_STATUSES = ["pending", "active", "completed", "cancelled"] as const;
export type AdminStatus = (typeof ADMIN_STATUSES)[number];
export const ADMIN_TO_STORED_STATUS: Record<AdminStatus, QuoteRequestStatus> = {
  pending: "open",
  active: "matched",
  completed: "closed",
  cancelled: "cancelled",
};
export const STORED_TO_ADMIN_STATUS: Record<QuoteRequestStatus, AdminStatus> = {
  open: "pending",
  matched: "active",
  closed: "completed",
  cancelled: "cancelled",
};

/** A client may withdraw a request until it is closed. */
export const CANCELLABLE_STATUSES: readonly QuoteRequestStatus[] = ["open", "matched"];
export function canCancel(status: QuoteRequestStatus): boolean {
  return CANCELLABLE_STATUSES.includes(status);
}
