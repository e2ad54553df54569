// scrypt at OWASP's parameters (N=2^17, r=8, p=1). The parameters are stored with each hash, so a
// later change of cost still verifies old hashes.
import { randomBytes, timingSafeEqual } from "node:crypto";
import { createHashingThreads } from "./hashing-threads";

const KEY_LENGTH = 32;

/** How many hashes a process computes at once, each on a low-priority thread of its own (decision 165). */
export const HASHES_AT_ONCE = 2;
const threads = createHashingThreads(HASHES_AT_ONCE);

function derive(password: string, salt: Buffer, N: number, r: number, p: number): Promise<Buffer> {
  return threads.scrypt(password.normalize("NFKC"), salt, { keyLength: KEY_LENGTH, N, r, p });
}

export async function hashPassword(password: string, N: number): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, N, 8, 1);
  return `scrypt$${N}$8$1$${salt.toString("base64")}$${key.toString("base64")}`;
}

/**
 * A stored hash no password opens, at cost N, for a sign-in to an email with no account: verifying
 * against it costs one hash at N, as a real account's does. It is made of random bytes rather than by
 * hashing, which would cost the first such sign-in (and every first sign-in of a process) a second hash.
 */
export function unopenableHash(N: number): string {
  return `scrypt$${N}$8$1$${randomBytes(16).toString("base64")}$${randomBytes(KEY_LENGTH).toString("base64")}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split("$");
  if (parts.length !== 6 || parts[0] !== "scrypt") return false;
  const [, n, r, p, salt, key] = parts as [string, string, string, string, string, string];
  const expected = Buffer.from(key, "base64");
  const actual = await derive(password, Buffer.from(salt, "base64"), Number(n), Number(r), Number(p));
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
