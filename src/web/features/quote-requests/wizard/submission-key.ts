// One Idempotency-Key per submission (decision 110): made when the client first sends the answers,
// sent again with the same answers (Submit after a network error, also after a reload, as it is kept
// in sessionStorage beside the draft), replaced when the answers change, forgotten once the request
// is made. So a retry after a lost answer finds the request already made instead of making a second.
import type { CreateQuoteRequestInput } from "@/shared/quote-requests";
import { sessionItem } from "./session-item";

/**
 * A random UUID (v4). `crypto.randomUUID` exists only on HTTPS and localhost; `getRandomValues` everywhere,
 * so the product served over plain HTTP on a local network still submits.
 */
export function newSubmissionKey(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The submission under way: its key and the body it was made for (as sent, JSON). */
export type PendingSubmission = { key: string; body: string };

/** The submission for these answers: the pending one when the answers are the same, else a new key. */
export function submissionFor(
  pending: PendingSubmission | null,
  body: CreateQuoteRequestInput,
  newKey: () => string = newSubmissionKey,
): PendingSubmission {
  const json = JSON.stringify(body);
  return pending && pending.body === json ? pending : { key: newKey(), body: json };
}

const submissions = sessionItem("automatch:quote-request-submission");

export function loadSubmission(userId: number): PendingSubmission | null {
  const parsed = submissions.read(userId);
  if (typeof parsed !== "object" || parsed === null) return null;
  const { key, body } = parsed as { key?: unknown; body?: unknown };
  return typeof key === "string" && typeof body === "string" ? { key, body } : null;
}

/** Kept for a retry after a reload; without storage a retry in this page still reuses the key it holds. */
export const saveSubmission = (userId: number, submission: PendingSubmission): void =>
  submissions.save(userId, submission);

export const clearSubmission = (userId: number): void => submissions.clear(userId);
