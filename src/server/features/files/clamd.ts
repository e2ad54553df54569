// A client of clamd (ClamAV's daemon) for scanning uploads (issue 33): its INSTREAM command over a TCP or
// unix socket. Our own few dozen lines rather than an npm client: the one in wide use (clamscan) wraps the
// command-line tools too, and its stream scan has known faults (a timeout that leaves the socket open, a
// "COMMAND READ TIMED OUT" answer read as no verdict, a hang on an empty stream); clamdjs speaks TCP only
// and is unmaintained. Whatever is not a verdict throws ClamdUnavailableError, and the upload is refused.
import net from "node:net";
import type { Readable } from "node:stream";
import type { ClamdConfig } from "@/server/files-config";

/** What clamd said of a stream. `signature` is the name of what it found ("Win.Test.EICAR_HDB-1"). */
export type ClamdVerdict = { clean: true } | { clean: false; signature: string };

/** clamd gave no verdict: unreachable, silent past the timeout, or answering something else (an error). */
export class ClamdUnavailableError extends Error {
  override name = "ClamdUnavailableError";
}

/**
 * How long clamd may keep us waiting at any one step: to connect, to take the next chunk, to answer once it
 * has the whole stream. clamd itself gives up on a scan after its MaxScanTime (2 minutes by default).
 * Waiting on the source does not count: a slow upload is not a slow clamd.
 */
const DEFAULT_TIMEOUT_MS = 60_000;

/** A connection to clamd: each wait on it bounded by the timeout, its answer collected as it comes. */
function connectToClamd(config: ClamdConfig, timeoutMs: number) {
  const socket = "socketPath" in config ? net.connect({ path: config.socketPath }) : net.connect(config);
  const where = "socketPath" in config ? config.socketPath : `${config.host}:${config.port}`;
  let received = "";
  let connected = false;
  let closed = false;
  let lastError: unknown;
  socket.setEncoding("utf8");
  socket.on("connect", () => {
    connected = true;
  });
  socket.on("data", (text: string) => {
    received += text;
  });
  // An error is followed by `close`, which ends any wait; kept as the cause. Unheard, it would crash the process.
  socket.on("error", (error) => {
    lastError = error;
  });
  socket.on("close", () => {
    closed = true;
  });

  const failure = (what: string, cause: unknown = lastError) => {
    const answer = received.replace(/\0$/, "").trim();
    return new ClamdUnavailableError(
      `clamd at ${where}: ${what}${answer ? ` (it answered "${answer.slice(0, 200)}")` : ""}`,
      { cause },
    );
  };

  /** Resolves once `done()` is true, checked at each of the socket's events; fails on close or timeout. */
  const until = (done: () => boolean, events: string[], what: string) =>
    new Promise<void>((resolve, reject) => {
      const settle = (error?: ClamdUnavailableError) => {
        clearTimeout(timer);
        for (const e of [...events, "close"]) socket.off(e, check);
        if (error) reject(error);
        else resolve();
      };
      const check = () => {
        if (done()) settle();
        else if (closed || socket.destroyed) settle(failure(`the connection closed before ${what}`));
      };
      const timer = setTimeout(() => settle(failure(`no ${what} within ${timeoutMs} ms`)), timeoutMs);
      for (const e of [...events, "close"]) socket.on(e, check);
      check();
    });

  return {
    socket,
    connected: () => until(() => connected, ["connect"], "connection"),
    /** Writes, then waits while clamd has not taken what was written before (backpressure). */
    send: async (...parts: Uint8Array[]) => {
      if (closed || socket.destroyed) throw failure("the connection closed while sending");
      for (const part of parts) socket.write(part);
      if (socket.writableNeedDrain) await until(() => !socket.writableNeedDrain, ["drain"], "room to send");
    },
    /** The answer, up to its terminating NUL (the `z` commands' framing), or what came before the close. */
    answer: async () => {
      await until(() => received.includes("\0"), ["data"], "answer");
      return received.slice(0, received.indexOf("\0"));
    },
  };
}

/** A chunk's length as INSTREAM frames it: 4 bytes, big-endian. */
function lengthPrefix(length: number): Buffer {
  const prefix = Buffer.alloc(4);
  prefix.writeUInt32BE(length);
  return prefix;
}

/**
 * Streams `source` to clamd and returns its verdict. The source is read as clamd takes it, never held whole.
 * Fails with ClamdUnavailableError when clamd cannot be reached, keeps us waiting past `timeoutMs` at any
 * step, or answers anything but a verdict (`INSTREAM size limit exceeded. ERROR` past its StreamMaxLength);
 * fails with the source's own error when the source fails. The connection is closed on every path, and a
 * source not read to its end is destroyed.
 */
export async function scanWithClamd(
  config: ClamdConfig,
  source: Readable,
  options: { timeoutMs?: number } = {},
): Promise<ClamdVerdict> {
  const clamd = connectToClamd(config, options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  try {
    await clamd.connected();
    await clamd.send(Buffer.from("zINSTREAM\0"));
    for await (const chunk of source as AsyncIterable<Uint8Array | string>) {
      const bytes = typeof chunk === "string" ? Buffer.from(chunk) : chunk;
      // An empty chunk would end the stream for clamd.
      if (bytes.length > 0) await clamd.send(lengthPrefix(bytes.length), bytes);
    }
    await clamd.send(lengthPrefix(0));
    const answer = await clamd.answer();
    if (answer === "stream: OK") return { clean: true };
    const found = /^stream: (.+) FOUND$/.exec(answer);
    if (found?.[1]) return { clean: false, signature: found[1] };
    throw new ClamdUnavailableError(`clamd gave no verdict: "${answer.slice(0, 200)}"`);
  } finally {
    clamd.socket.destroy();
  }
}

/** Whether clamd answers PING (the readiness check, and the tests' wait for a starting clamd). */
export async function pingClamd(config: ClamdConfig, options: { timeoutMs?: number } = {}): Promise<boolean> {
  const clamd = connectToClamd(config, options.timeoutMs ?? 2_000);
  try {
    await clamd.connected();
    await clamd.send(Buffer.from("zPING\0"));
    return (await clamd.answer()) === "PONG";
  } catch {
    return false;
  } finally {
    clamd.socket.destroy();
  }
}
