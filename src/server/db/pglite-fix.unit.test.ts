// The fix npm install makes to PGlite (scripts/patch-dependencies.mjs, decision 183): installed, and
// results still parsed by PGlite's own parsers and by those a query brings, as Drizzle's queries do.
import fs from "node:fs";
import path from "node:path";
import { PGlite, types } from "@electric-sql/pglite";
import { describe, expect, it } from "vitest";
import { FIXES } from "../../../scripts/patch-dependencies.mjs";
import { copyMigratedDataDir } from "../test/processes";

const root = path.resolve(import.meta.dirname, "../../..");

describe("PGlite as npm install leaves it", () => {
  it("is fixed, and parses with its own parsers and with a query's, which stay the query's", async () => {
    for (const fix of FIXES) expect(fs.readFileSync(path.join(root, fix.file), "utf8"), fix.file).toContain(fix.to);
    // A copy of the run's migrated folder: a new database in memory would run initdb, 9 s of CPU.
    const dataDir = copyMigratedDataDir("automatch-pglite-fix-");
    const db = new PGlite(path.join(dataDir, "pglite"));
    try {
      const sql = `select 7::int4 as n, true as b, '{"a":1}'::jsonb as j, '2026-11-28 10:00:00+00'::timestamptz as t`;
      expect((await db.query(sql)).rows[0]).toEqual({
        n: 7,
        b: true,
        j: { a: 1 },
        t: new Date("2026-11-28T10:00:00Z"),
      });
      // As Drizzle asks: timestamps as the database writes them, everything else as PGlite parses it.
      const asText = await db.query(sql, [], { parsers: { [types.TIMESTAMPTZ]: (v: string) => v } });
      expect(asText.rows[0]).toEqual({ n: 7, b: true, j: { a: 1 }, t: "2026-11-28 10:00:00+00" });
      expect((await db.query<{ t: unknown }>(sql)).rows[0]?.t).toBeInstanceOf(Date);
    } finally {
      await db.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
