// Errors that mean "the database cannot serve this now" rather than "this request is wrong": the
// caller gets a 503 with Retry-After and may try again (decision 107).

// SQLSTATE classes and codes (PostgreSQL, appendix A): connection exceptions, too many connections,
// the server out of resources, a cancelled statement (statement_timeout), a shutdown or a start in
// progress, and a write refused by a read-only server (a standby, or default_transaction_read_only).
const UNAVAILABLE_SQLSTATE_CLASSES = ["08", "53"];
const UNAVAILABLE_SQLSTATES = new Set(["57014", "57P01", "57P02", "57P03", "57P05", "25006"]);

// Node's socket errors when the server is not there or went away.
const UNAVAILABLE_SYSTEM_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "EHOSTUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
]);

// node-postgres and its pool say these in words only, with no code.
const UNAVAILABLE_MESSAGES = [
  /^timeout exceeded when trying to connect$/,
  /^Connection terminated/,
  /^Client has encountered a connection error and is not queryable$/,
  /^Cannot use a pool after calling end on the pool$/,
];

/** True when the error, or one it was caused by (Drizzle wraps the driver's), says the database is unavailable. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string") {
      if (UNAVAILABLE_SQLSTATES.has(code) || UNAVAILABLE_SYSTEM_CODES.has(code)) return true;
      if (/^[0-9A-Z]{5}$/.test(code) && UNAVAILABLE_SQLSTATE_CLASSES.includes(code.slice(0, 2))) return true;
    }
    if (UNAVAILABLE_MESSAGES.some((m) => m.test(e instanceof Error ? e.message : ""))) return true;
    // Several connection attempts (IPv4 and IPv6) failing together.
    if (e instanceof AggregateError && e.errors.some((inner) => isDatabaseUnavailable(inner))) return true;
  }
  return false;
}
