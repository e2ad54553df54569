import { createRequire } from "node:module";
import pino, { type Logger } from "pino";
import type { Config } from "./config";

function prettyAvailable(): boolean {
  try {
    createRequire(import.meta.url).resolve("pino-pretty");
    return true;
  } catch {
    return false;
  }
}

/** The one logger: JSON lines (pino, as Fastify uses); readable lines on a developer's terminal. */
export function createLogger(config: Pick<Config, "logLevel" | "env">): Logger {
  const pretty = config.env !== "production" && process.stdout.isTTY && prettyAvailable();
  return pino({
    level: config.logLevel,
    redact: ["req.headers.cookie", "req.headers.authorization"],
    ...(pretty ? { transport: { target: "pino-pretty", options: { ignore: "pid,hostname" } } } : {}),
  });
}
