// A real local HTTP receiver for the webhook tests (decision 173): it records every request and answers
// as the test scripts it (a status, or no answer at all until the sender gives up).
import http from "node:http";
import type { AddressInfo } from "node:net";

export type ReceivedWebhook = {
  headers: Record<string, string>;
  body: string;
  path: string;
  /** When the request arrived, and when its connection closed (ms since the epoch; closedAt once it has). */
  at: number;
  closedAt?: number;
};
/** How the receiver answers one request: a status, or "hang" (never answers; the sender times out). */
export type ReceiverAnswer = number | "hang";

export type WebhookReceiver = {
  url: string;
  port: number;
  received: ReceivedWebhook[];
  /** Answers for the next requests, in order; after them, `fallback`. */
  script: (...answers: ReceiverAnswer[]) => void;
  fallback: ReceiverAnswer;
  close: () => Promise<void>;
};

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const queue: ReceiverAnswer[] = [];
  const hanging = new Set<http.ServerResponse>();
  const receiver = {
    url: "",
    port: 0,
    received: [] as ReceivedWebhook[],
    fallback: 200 as ReceiverAnswer,
    script: (...answers: ReceiverAnswer[]) => {
      queue.push(...answers);
    },
    close: async () => {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const headers: Record<string, string> = {};
      for (const [k, v] of Object.entries(req.headers)) if (typeof v === "string") headers[k] = v;
      const entry: ReceivedWebhook = {
        headers,
        body: Buffer.concat(chunks).toString("utf8"),
        path: req.url ?? "/",
        at: Date.now(),
      };
      receiver.received.push(entry);
      res.on("close", () => {
        entry.closedAt = Date.now();
      });
      const answer = queue.shift() ?? receiver.fallback;
      if (answer === "hang") {
        hanging.add(res);
        return;
      }
      res.writeHead(answer, { "content-type": "text/plain" }).end(answer < 300 ? "ok" : `status ${answer}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  receiver.port = (server.address() as AddressInfo).port;
  receiver.url = `http://127.0.0.1:${receiver.port}/hooks`;
  return receiver;
}
