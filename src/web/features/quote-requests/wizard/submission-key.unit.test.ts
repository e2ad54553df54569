import { describe, expect, it } from "vitest";
import { idempotencyKeySchema } from "@/shared/idempotency";
import { validQuoteRequestBody } from "@/shared/quote-requests.fixtures";
import { submissionFor } from "./submission-key";

describe("submissionFor", () => {
  it("makes a key that the server takes for the first submission", () => {
    const first = submissionFor(null, validQuoteRequestBody());
    expect(idempotencyKeySchema.safeParse(first.key).success).toBe(true);
    expect(JSON.parse(first.body)).toEqual(validQuoteRequestBody());
  });

  it("sends the same key again for the same answers: a retry", () => {
    const first = submissionFor(null, validQuoteRequestBody());
    expect(submissionFor(first, validQuoteRequestBody())).toEqual(first);
  });

  it("makes a new key when the answers changed, and each new submission its own", () => {
    const first = submissionFor(null, validQuoteRequestBody());
    const changed = submissionFor(first, { ...validQuoteRequestBody(), title: "Another process" });
    expect(changed.key).not.toBe(first.key);
    expect(submissionFor(null, validQuoteRequestBody()).key).not.toBe(first.key);
  });
});
