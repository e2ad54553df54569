// The browser's "zod" (vite.config.ts points the bare import here): zod itself, told before any
// schema is built not to compile parsers with eval, nor to probe whether it may. The
// Content-Security-Policy forbids eval (decision 105), and even a probe that fails quietly is
// reported as a violation.
import { config } from "zod/v4/core";

config({ jitless: true });

export * from "zod/v4";
