// Reading the database's errors: node-postgres and PGlite both carry PostgreSQL's code and the name of
// the constraint, and drizzle wraps them as the `cause` of its own error.

/** True when the error (or a cause it wraps) is a unique violation (23505) of the given index, or of any without one. */
export function isUniqueViolation(error: unknown, index?: string): boolean {
  for (let e: unknown = error; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    const { code, constraint, constraint_name } = e as {
      code?: unknown;
      constraint?: unknown;
      constraint_name?: unknown;
    };
    if (code === "23505") return index === undefined || constraint === index || constraint_name === index;
  }
  return false;
}
