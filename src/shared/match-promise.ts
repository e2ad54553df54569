// The match promise (spec section 1, DESIGN.md "Matching"): providers within 48 hours, 72 for a
// complex project.

export const MATCH_HOURS = 48;
export const MATCH_HOURS_COMPLEX = 72;
export const COMPLEX_MIN_SYSTEMS = 3;

/** A complex project: budget $50k+, or 3 or more systems, or a mainframe. */
export function isComplexProject(input: {
  budgetRange?: string | undefined;
  systems: readonly string[];
  systemTypes: readonly string[];
}): boolean {
  return (
    input.budgetRange === "$50k+" ||
    input.systems.length >= COMPLEX_MIN_SYSTEMS ||
    input.systemTypes.includes("Mainframe")
  );
}

export function matchHours(complex: boolean): number {
  return complex ? MATCH_HOURS_COMPLEX : MATCH_HOURS;
}

export function matchDueAt(submittedAt: Date, complex: boolean): Date {
  return new Date(submittedAt.getTime() + matchHours(complex) * 60 * 60 * 1000);
}
