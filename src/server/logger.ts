import { createRequire } from "node:module";
import pino, { type DestinationStream, type Logger } from "pino";
import type { Config } from "./config";

function prettyAvailable(): boolean {
  try {
    createRequire(import.meta.url).resolve("pino-pretty");
    return true;
  } catch {
    return false;
  }
}

/**
 * The one logger: JSON lines (pino, as Fastify uses) on standard output, or on `destination` (the
 * benchmarks write to /dev/null so that the log's cost counts); readable lines on a developer's terminal.
 */
export function createLogger(config: Pick<Config, "logLevel" | "env">, destination?: DestinationStream): Logger {
  const pretty = !destination && config.env !== "production" && process.stdout.isTTY && prettyAvailable();
  const options = {
    level: config.logLevel,
    redact: ["req.headers.cookie", "req.headers.authorization"],
    ...(pretty ? { transport: { target: "pino-pretty", options: { ignore: "pid,hostname" } } } : {}),
  };
  return destination ? pino(options, destination) : pino(options);
}
