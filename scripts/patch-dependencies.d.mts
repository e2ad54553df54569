// Types for patch-dependencies.mjs, whose fixes a unit test finds in the installed packages.
export const FIXES: readonly { file: string; from: string; to: string }[];
export function applyFixes(dir?: string): string[];
