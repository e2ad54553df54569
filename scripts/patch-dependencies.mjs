#!/usr/bin/env node
// `npm install` runs this after installing (postinstall): one-expression fixes to installed packages,
// each an exact text replaced in a built file (decision 183). Run again, it finds them made and does nothing.
// A package whose text is neither the one fixed nor the fix (a new version) stops the install, so
// that whoever upgrades it checks whether the fix is still needed.
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const root = path.resolve(import.meta.dirname, "..");

/**
 * PGlite 0.5.x copies its whole table of result parsers (one per type, arrays included: some hundreds of
 * keys) into a new object for every query that brings parsers of its own, which Drizzle's does for
 * every query. That copy was about a third of PGlite's JavaScript time in the API tests. A small object whose
 * prototype is the table answers the same lookups.
 */
export const FIXES = [
  {
    file: "node_modules/@electric-sql/pglite/dist/chunk-Y6PULSM7.js",
    from: "m=n?.parsers?{...t,...n.parsers}:t",
    to: "m=n?.parsers?Object.assign(Object.create(t),n.parsers):t",
  },
  {
    file: "node_modules/@electric-sql/pglite/dist/index.cjs",
    from: "_=r?.parsers?{...t,...r.parsers}:t",
    to: "_=r?.parsers?Object.assign(Object.create(t),r.parsers):t",
  },
];

/** Applies the fixes under `dir`; answers what it did with each, and throws on a text it does not know. */
export function applyFixes(dir = root) {
  return FIXES.map(({ file, from, to }) => {
    const full = path.join(dir, file);
    if (!fs.existsSync(full)) return `${file}: not installed`;
    const text = fs.readFileSync(full, "utf8");
    if (text.includes(to)) return `${file}: fixed already`;
    const at = text.indexOf(from);
    if (at === -1 || text.indexOf(from, at + 1) !== -1) {
      throw new Error(
        `${file} does not hold the text scripts/patch-dependencies.mjs fixes (once): a new version? ` +
          "Check whether it still needs the fix (decision 183), then update or remove it there.",
      );
    }
    fs.writeFileSync(full, text.replace(from, to));
    return `${file}: fixed`;
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  try {
    applyFixes();
  } catch (err) {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  }
}
