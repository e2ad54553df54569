// Real child processes for the tests of starting, stopping and locking: their output kept as it comes,
// their exit awaited, and every one killed when the file ends, whatever its tests did; and the data
// folders they start on, copied from one migrated once per run.
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { afterAll, inject } from "vitest";
import { isBuildOf, sourcesFingerprint } from "../../../scripts/build-fingerprint.mjs";

export const projectRoot = path.resolve(import.meta.dirname, "../../..");

let builtFromTheseSources: boolean | undefined;

/**
 * The arguments to node that run the server: the build in dist/ when it was made from the sources as they
 * are (`npm test` builds before the unit tests), which starts with about 2 s less CPU than compiling the
 * sources on the fly; else the sources through tsx.
 */
export function serverArgs(): string[] {
  builtFromTheseSources ??= isBuildOf(projectRoot, sourcesFingerprint(projectRoot));
  return builtFromTheseSources
    ? ["--enable-source-maps", "dist/server/main.js"]
    : ["--import", "tsx", "src/server/main.ts"];
}

/**
 * The environment of a server under test: the shell's, less `without` (DATABASE_URL, so that the
 * embedded database is the one under test, or DATA_DIR), on any free port of 127.0.0.1, with no demo data,
 * the request log, the tests' password cost and no drain before it stops; `extra` last.
 */
export function serverEnv(without: "DATABASE_URL" | "DATA_DIR", extra: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const { [without]: _left, ...env } = process.env;
  return {
    ...env,
    PORT: "0",
    HOST: "127.0.0.1",
    DEMO_DATA: "false",
    LOG_LEVEL: "info",
    // At production's cost, a sign-in's hash on its thread at nice 10 (decision 165) can take many
    // seconds when the suite's other processes hold both cores.
    PASSWORD_SCRYPT_N: "1024",
    SHUTDOWN_DRAIN_MS: "0",
    ...extra,
  };
}

export type Started = { proc: ChildProcess; output: () => string; exited: Promise<number | null> };

/** A spawner for one test file: what it starts is killed after the file's tests. */
export function processSpawner(): (command: string, args: string[], env: NodeJS.ProcessEnv) => Started {
  const started: ChildProcess[] = [];
  afterAll(() => {
    for (const p of started) p.kill("SIGKILL");
  });
  return (command, args, env) => {
    const proc = spawn(command, args, { cwd: projectRoot, env, stdio: ["ignore", "pipe", "pipe"] });
    started.push(proc);
    let out = "";
    proc.stdout?.on("data", (d) => {
      out += d;
    });
    proc.stderr?.on("data", (d) => {
      out += d;
    });
    const exited = new Promise<number | null>((resolve) => proc.on("exit", (code) => resolve(code)));
    return { proc, output: () => out, exited };
  };
}

/**
 * A new data folder for a server under test, with what a first start makes before it serves already in
 * it (a copy of the unit global setup's): its start skips the half minute of initdb and migrations. With
 * `nested`, the copy goes that far down inside the new folder, its parents made on the way.
 */
export function copyMigratedDataDir(prefix: string, ...nested: string[]): string {
  const migrated = inject("migratedDataDir");
  const dataDir = path.join(fs.mkdtempSync(path.join(path.dirname(migrated), prefix)), ...nested);
  fs.cpSync(migrated, dataDir, { recursive: true });
  return dataDir;
}
