// A reader of the live stream (GET /api/events) over real HTTP, for the tests of src/server/live: it
// connects over node:http, splits the body into its blocks (events and comment lines) as they come, and
// lets a test wait for the next one, or for the end of the stream.
import http from "node:http";

export type SseBlock =
  | { kind: "event"; event: string; data: string }
  | { kind: "comment"; text: string }
  | { kind: "retry"; ms: number };

export type SseConnection = {
  status: number;
  /** A header of the answer, or null. */
  header: (name: string) => string | null;
  /** The next block, or null when the stream ended; fails after `timeoutMs` without one. */
  next: (timeoutMs?: number) => Promise<SseBlock | null>;
  /** The next event (comment lines skipped), or null when the stream ended. */
  nextEvent: (timeoutMs?: number) => Promise<{ event: string; data: string } | null>;
  /** Resolves when the server ends the stream (whatever blocks were left unread). */
  ended: Promise<void>;
  /** The body of a refused connection. */
  text: () => Promise<string>;
  close: () => void;
};

function parseBlock(block: string): SseBlock[] {
  const out: SseBlock[] = [];
  let event = "message";
  const data: string[] = [];
  for (const line of block.split("\n")) {
    if (line.startsWith(":")) out.push({ kind: "comment", text: line.slice(1).trim() });
    else if (line.startsWith("retry:")) out.push({ kind: "retry", ms: Number(line.slice(6).trim()) });
    else if (line.startsWith("event:")) event = line.slice(6).trim();
    else if (line.startsWith("data:")) data.push(line.slice(5).trim());
  }
  if (data.length > 0) out.push({ kind: "event", event, data: data.join("\n") });
  return out;
}

/**
 * Connects on a connection of its own (node:http without an agent): fetch's pool may hold a spare
 * connection that never carries a request, which keeps a closing server waiting for it.
 */
export async function openSse(url: string, cookie: string | null, headers: Record<string, string> = {}) {
  const blocks: SseBlock[] = [];
  const waiters: (() => void)[] = [];
  let done = false;
  let markEnded: () => void = () => undefined;
  const ended = new Promise<void>((resolve) => {
    markEnded = resolve;
  });
  const wakeAll = () => {
    for (const w of waiters.splice(0)) w();
  };
  const finish = () => {
    if (done) return;
    done = true;
    markEnded();
    wakeAll();
  };
  const { req, res } = await new Promise<{ req: http.ClientRequest; res: http.IncomingMessage }>((resolve, reject) => {
    const req = http.get(
      url,
      { agent: false, headers: { accept: "text/event-stream", ...(cookie ? { cookie } : {}), ...headers } },
      (res) => resolve({ req, res }),
    );
    req.on("error", reject);
  });
  req.removeAllListeners("error");
  req.on("error", finish);
  res.on("error", finish);
  const status = res.statusCode ?? 0;
  const isStream = status === 200 && (res.headers["content-type"] ?? "").startsWith("text/event-stream");
  let body = "";
  res.setEncoding("utf8");
  if (isStream) {
    let buffer = "";
    res.on("data", (chunk: string) => {
      buffer += chunk;
      let at = buffer.indexOf("\n\n");
      while (at >= 0) {
        blocks.push(...parseBlock(buffer.slice(0, at)));
        buffer = buffer.slice(at + 2);
        at = buffer.indexOf("\n\n");
      }
      wakeAll();
    });
  } else {
    res.on("data", (chunk: string) => {
      body += chunk;
    });
  }
  res.on("end", finish);
  res.on("close", finish);

  const next = async (timeoutMs = 5000): Promise<SseBlock | null> => {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const block = blocks.shift();
      if (block) return block;
      if (done) return null;
      const left = until - Date.now();
      if (left <= 0) throw new Error(`no block on the stream within ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  };

  const connection: SseConnection = {
    status,
    header: (name) => {
      const value = res.headers[name.toLowerCase()];
      return Array.isArray(value) ? value.join(", ") : (value ?? null);
    },
    next,
    async nextEvent(timeoutMs = 5000) {
      const until = Date.now() + timeoutMs;
      for (;;) {
        const block = await next(Math.max(1, until - Date.now()));
        if (block === null) return null;
        if (block.kind === "event") return { event: block.event, data: block.data };
      }
    },
    ended,
    text: async () => {
      await ended;
      return body;
    },
    close: () => req.destroy(),
  };
  return connection;
}
