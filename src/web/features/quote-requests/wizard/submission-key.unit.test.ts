import { describe, expect, it } from "vitest";
import { idempotencyKeySchema } from "@/shared/idempotency";
import { validQuoteRequestBody } from "@/shared/quote-requests.fixtures";
import { newSubmissionKey, submissionFor } from "./submission-key";

describe("newSubmissionKey", () => {
  it("makes a v4 UUID the server takes, also where crypto.randomUUID is missing (plain HTTP off localhost)", () => {
    const randomUUID = crypto.randomUUID;
    try {
      Object.defineProperty(crypto, "randomUUID", { value: undefined, configurable: true });
      const keys = new Set(Array.from({ length: 50 }, () => newSubmissionKey()));
      expect(keys.size).toBe(50);
      for (const key of keys) {
        expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
        expect(idempotencyKeySchema.safeParse(key).success).toBe(true);
      }
    } finally {
      Object.defineProperty(crypto, "randomUUID", { value: randomUUID, configurable: true });
    }
  });
});

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
