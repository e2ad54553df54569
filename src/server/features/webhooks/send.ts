// One webhook attempt over HTTP(S) (decision 173): a POST to the pinned address, no redirects followed,
// at most `timeoutMs` for the whole exchange, and only the answer's first characters read.
import http from "node:http";
import https from "node:https";
import { WEBHOOK_RESPONSE_EXCERPT_MAX } from "@/shared/webhooks";
import { type PinnedTarget, pinnedLookup } from "./address";

export type AttemptResult = {
  /** The receiver's status; null when no answer came in time. */
  status: number | null;
  durationMs: number;
  /** The answer's first characters, or what went wrong. */
  excerpt: string;
};

const USER_AGENT = "Automatch-Webhooks/1 (+https://www.standardwebhooks.com)";
/** Bytes of the answer read at most: enough for the excerpt in any encoding. */
const READ_MAX = WEBHOOK_RESPONSE_EXCERPT_MAX * 4;

export function postWebhook(
  target: PinnedTarget,
  headers: Record<string, string>,
  body: string,
  timeoutMs: number,
): Promise<AttemptResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const transport = target.url.protocol === "https:" ? https : http;
  return new Promise((resolve) => {
    let settled = false;
    /** A status that came in time counts, even when the rest of the answer does not. */
    let answered: number | null = null;
    const finish = (result: Omit<AttemptResult, "durationMs">) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      req.destroy();
      resolve({ ...result, durationMs: elapsed() });
    };
    const req = transport.request(
      target.url,
      {
        method: "POST",
        lookup: pinnedLookup(target),
        // One connection per attempt: a pooled socket could belong to an address checked earlier.
        agent: false,
        headers: {
          ...headers,
          "content-type": "application/json",
          "content-length": String(Buffer.byteLength(body)),
          "user-agent": USER_AGENT,
        },
      },
      (res) => {
        answered = res.statusCode ?? null;
        const chunks: Buffer[] = [];
        let size = 0;
        const done = () =>
          finish({
            status: res.statusCode ?? null,
            excerpt: Buffer.concat(chunks).toString("utf8").slice(0, WEBHOOK_RESPONSE_EXCERPT_MAX),
          });
        res.on("data", (chunk: Buffer) => {
          chunks.push(chunk);
          size += chunk.length;
          if (size >= READ_MAX) done();
        });
        res.on("end", done);
        res.on("error", done);
      },
    );
    const timer = setTimeout(
      () =>
        finish({
          status: answered,
          excerpt: answered === null ? `No answer within ${timeoutMs / 1000} seconds.` : "",
        }),
      timeoutMs,
    );
    req.on("error", (err) => finish({ status: null, excerpt: `Could not deliver: ${err.message}`.slice(0, 500) }));
    req.end(body);
  });
}
