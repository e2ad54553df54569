// Standard Webhooks signing (https://www.standardwebhooks.com, decision 173): the secret is
// "whsec_" and base64 of random bytes; the signature is "v1," and base64 of HMAC-SHA256 over
// "{webhook-id}.{webhook-timestamp}.{body}". Several signatures, space-separated, while a rotated
// secret is still honoured. The tests check it with the specification's own library (standardwebhooks).
import { createHmac, randomBytes } from "node:crypto";

const SECRET_PREFIX = "whsec_";

export function newWebhookSecret(): string {
  return SECRET_PREFIX + randomBytes(32).toString("base64");
}

/** What the provider is shown of a secret after the moment it was given: enough to tell two apart. */
export function secretHint(secret: string): string {
  return `${secret.slice(0, SECRET_PREFIX.length + 4)}…`;
}

export function signPayload(secret: string, messageId: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.slice(SECRET_PREFIX.length), "base64");
  return `v1,${createHmac("sha256", key).update(`${messageId}.${timestamp}.${body}`).digest("base64")}`;
}

/** The three headers of a signed message, one signature per secret given. */
export function signedHeaders(secrets: string[], messageId: string, timestamp: number, body: string) {
  return {
    "webhook-id": messageId,
    "webhook-timestamp": String(timestamp),
    "webhook-signature": secrets.map((s) => signPayload(s, messageId, timestamp, body)).join(" "),
  };
}
