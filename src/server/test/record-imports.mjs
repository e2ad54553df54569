// Module hooks (node:module register) for a process under test: each package an ES module imports is
// appended, by its name as written, to the file RECORD_IMPORTS names. Tells which packages a server
// start loads (start-stop.unit.test.ts).
import fs from "node:fs";

const file = process.env.RECORD_IMPORTS;

export async function resolve(specifier, context, next) {
  if (file && !/^(\.|\/|node:|file:|data:)/.test(specifier)) fs.appendFileSync(file, `${specifier}\n`);
  return next(specifier, context);
}
