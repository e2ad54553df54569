// The clamd client against a real clamd (Debian's, started once for the file with a database of one EICAR
// signature): verdicts over both sockets, a signature found anywhere in a stream, the 25 MB uploads within
// its StreamMaxLength; and every way of giving no verdict failing closed, the connection closed each time.
import net from "node:net";
import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EICAR, EICAR_SIGNATURE, startClamd, type TestClamd } from "../../test/clamd";
import { ClamdUnavailableError, pingClamd, scanWithClamd } from "./clamd";

const MB = 1024 * 1024;
const CHUNK = 64 * 1024;

/**
 * `size` bytes of zeros in 64 KiB chunks, made as they are read, with `inside` written over them from
 * `at` (across a chunk boundary when it falls on one). `read()` tells how many bytes were taken so far.
 */
function zeros(size: number, inside?: { bytes: Buffer; at: number }) {
  let read = 0;
  async function* chunks() {
    for (let offset = 0; offset < size; offset += CHUNK) {
      const chunk = Buffer.alloc(Math.min(CHUNK, size - offset));
      if (inside) {
        const from = Math.max(inside.at, offset);
        const to = Math.min(inside.at + inside.bytes.length, offset + chunk.length);
        if (from < to) inside.bytes.copy(chunk, from - offset, from - inside.at, to - inside.at);
      }
      read += chunk.length;
      yield chunk;
    }
  }
  return { stream: Readable.from(chunks(), { objectMode: false }), read: () => read };
}

/**
 * A TCP server that accepts and then neither reads nor answers, as a hung clamd does. `closed()` counts the
 * connections whose client closed them: a paused socket sees no close, so it reads (and drops) from then on.
 */
async function silentServer() {
  const sockets = new Set<net.Socket>();
  let closed = 0;
  const server = net.createServer((socket) => {
    socket.pause();
    sockets.add(socket);
    socket.on("close", () => {
      closed += 1;
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    config: { host: "127.0.0.1", port: (server.address() as net.AddressInfo).port },
    closed: () => {
      for (const s of sockets) s.resume();
      return closed;
    },
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

let clamd: TestClamd;
beforeAll(async () => {
  clamd = await startClamd();
});
afterAll(async () => {
  await clamd?.stop();
});

describe("scanWithClamd", () => {
  it("finds a clean stream clean, and the EICAR string by its signature, over the unix socket and TCP", async () => {
    for (const config of [clamd.config, clamd.tcpConfig]) {
      expect(await scanWithClamd(config, Readable.from([Buffer.from("a quote for a new kitchen\n")]))).toEqual({
        clean: true,
      });
      expect(await scanWithClamd(config, Readable.from([Buffer.from(EICAR)]))).toEqual({
        clean: false,
        signature: EICAR_SIGNATURE,
      });
    }
    expect(await pingClamd(clamd.config)).toBe(true);
    expect(await pingClamd(clamd.tcpConfig)).toBe(true);
  });

  it("finds an empty stream clean (a file of no bytes)", async () => {
    expect(await scanWithClamd(clamd.config, Readable.from([]))).toEqual({ clean: true });
  });

  it("finds EICAR anywhere: after 3 MB of zeros, across two chunks, with more after it", async () => {
    const at = 3 * MB - 20; // 3 MB is a chunk boundary: the string starts in one chunk and ends in the next
    const { stream } = zeros(4 * MB, { bytes: Buffer.from(EICAR), at });
    expect(await scanWithClamd(clamd.config, stream)).toEqual({ clean: false, signature: EICAR_SIGNATURE });
  });

  it("scans a 26 MB stream (above the 25 MB uploads, within StreamMaxLength), read as clamd takes it", async () => {
    const source = zeros(26 * MB);
    expect(await scanWithClamd(clamd.tcpConfig, source.stream)).toEqual({ clean: true });
    expect(source.read()).toBe(26 * MB);
  });

  it("fails closed past clamd's StreamMaxLength (30 MB): clamd's error is no verdict", async () => {
    const source = zeros(31 * MB);
    const scan = scanWithClamd(clamd.config, source.stream);
    await expect(scan).rejects.toBeInstanceOf(ClamdUnavailableError);
    expect(source.stream.destroyed).toBe(true);
  });

  it("fails with the source's own error when the source fails, and closes the connection", async () => {
    const server = await silentServer();
    try {
      const broken = new Readable({ read() {} });
      broken.push(Buffer.alloc(CHUNK));
      setTimeout(() => broken.destroy(new Error("the client went away")), 50);
      const scan = scanWithClamd(server.config, broken);
      await expect(scan).rejects.toThrow("the client went away");
      await expect(scan).rejects.not.toBeInstanceOf(ClamdUnavailableError);
      await expect.poll(() => server.closed()).toBe(1);
    } finally {
      await server.close();
    }
  });
});

describe("scanWithClamd without a clamd that answers", () => {
  it("fails at once with ClamdUnavailableError when clamd is stopped, over either socket", async () => {
    const stopped = await startClamd();
    await stopped.stop();
    for (const config of [stopped.config, stopped.tcpConfig]) {
      const started = Date.now();
      const scan = scanWithClamd(config, Readable.from([Buffer.from(EICAR)]));
      await expect(scan).rejects.toBeInstanceOf(ClamdUnavailableError);
      expect(Date.now() - started).toBeLessThan(1_000);
      expect(await pingClamd(config)).toBe(false);
    }
  });

  it("fails with ClamdUnavailableError after the timeout when clamd takes the stream and never answers", async () => {
    const server = await silentServer();
    try {
      const started = Date.now();
      const scan = scanWithClamd(server.config, Readable.from([Buffer.from("hello")]), {
        timeoutMs: 300,
      });
      await expect(scan).rejects.toThrow(/no answer within 300 ms/);
      expect(Date.now() - started).toBeGreaterThanOrEqual(290);
      expect(Date.now() - started).toBeLessThan(2_000);
      await expect.poll(() => server.closed()).toBe(1);
      expect(await pingClamd(server.config, { timeoutMs: 300 })).toBe(false);
    } finally {
      await server.close();
    }
  });

  it("reads no further than the socket's buffers when clamd takes nothing, and times out there", async () => {
    const server = await silentServer();
    try {
      const source = zeros(200 * MB);
      const scan = scanWithClamd(server.config, source.stream, { timeoutMs: 300 });
      await expect(scan).rejects.toThrow(/no room to send within 300 ms/);
      // Loopback's kernel buffers take a few MB; the file itself is never held.
      expect(source.read()).toBeLessThan(24 * MB);
      expect(source.stream.destroyed).toBe(true);
      await expect.poll(() => server.closed()).toBe(1);
    } finally {
      await server.close();
    }
  });
});
