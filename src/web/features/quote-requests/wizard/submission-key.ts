// One Idempotency-Key per submission (decision 110): made when the client first sends the answers,
// sent again with the same answers (Submit after a network error, also after a reload, as it is kept
// in sessionStorage beside the draft), replaced when the answers change, forgotten once the request
// is made. So a retry after a lost answer finds the request already made instead of making a second.
import type { CreateQuoteRequestInput } from "@/shared/quote-requests";

/** The submission under way: its key and the body it was made for (as sent, JSON). */
export type PendingSubmission = { key: string; body: string };

/** The submission for these answers: the pending one when the answers are the same, else a new key. */
export function submissionFor(
  pending: PendingSubmission | null,
  body: CreateQuoteRequestInput,
  newKey: () => string = () => crypto.randomUUID(),
): PendingSubmission {
  const json = JSON.stringify(body);
  return pending && pending.body === json ? pending : { key: newKey(), body: json };
}

const submissionKey = (userId: number) => `automatch:quote-request-submission:${userId}`;

export function loadSubmission(userId: number): PendingSubmission | null {
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(submissionKey(userId)) ?? "null");
    if (typeof parsed !== "object" || parsed === null) return null;
    const { key, body } = parsed as { key?: unknown; body?: unknown };
    return typeof key === "string" && typeof body === "string" ? { key, body } : null;
  } catch {
    return null;
  }
}

export function saveSubmission(userId: number, submission: PendingSubmission): void {
  try {
    sessionStorage.setItem(submissionKey(userId), JSON.stringify(submission));
  } catch {
    // Storage full or disabled: a retry in this page still reuses the key it holds.
  }
}

export function clearSubmission(userId: number): void {
  try {
    sessionStorage.removeItem(submissionKey(userId));
  } catch {
    // Nothing to clear.
  }
}
