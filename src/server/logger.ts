import { createRequire } from "node:module";
import pino, { type DestinationStream, type Logger } from "pino";
import type { Config } from "./config";
import { BOUND_TO_REQUEST, currentRequestId } from "./request-context";

/**
 * Each line written while a request (or a job it enqueued) runs carries its id (decision 162): Fastify's
 * request loggers have it as a binding already; every other logger gets it here.
 */
function requestIdMixin(_line: object, _level: number, logger: Logger): object {
  if ((logger as unknown as Record<symbol, unknown>)[BOUND_TO_REQUEST]) return {};
  const reqId = currentRequestId();
  return reqId ? { reqId } : {};
}

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
    mixin: requestIdMixin,
    ...(pretty ? { transport: { target: "pino-pretty", options: { ignore: "pid,hostname" } } } : {}),
  };
  return destination ? pino(options, destination) : pino(options);
}
