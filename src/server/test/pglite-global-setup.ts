// Before the PGlite run: the one migrated database every test file starts from (pglite-template.ts),
// in a folder of the run's that the teardown removes.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGLITE_TEMPLATE_ENV, writePgliteTemplate } from "./pglite-template";

export async function setup(): Promise<() => void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "automatch-api-"));
  const file = path.join(dir, "migrated.tar");
  await writePgliteTemplate(file);
  // The workers start after the global set-up, with its environment (as VITEST_MAIN_PID in postgres-global-setup.ts).
  process.env[PGLITE_TEMPLATE_ENV] = file;
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
