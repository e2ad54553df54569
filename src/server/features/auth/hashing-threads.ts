// Password hashes on threads of their own, at a lower CPU priority (decision 165). A hash at production's
// cost takes half a second of a core and 128 MiB. On libuv's pool (four threads, shared with compression
// and files) a few sign-ins at once held every thread, and each compressed answer waited behind them; at
// the event loop's priority they took the cores from it. `npm run load` measured both: every other
// answer's p95 went from under 300 ms to several seconds. Here each hash runs on one of a few worker
// threads whose nice value is 10 (on Linux a thread's own), so that, when the cores are short, the
// answers already being made go first and a sign-in waits longer. Worker threads take a file or code:
// the code is inline, so that it runs the same from TypeScript in the tests and from the built bundle.
import { Worker } from "node:worker_threads";

const THREAD_CODE = `
const { parentPort } = require("node:worker_threads");
const { scryptSync } = require("node:crypto");
const os = require("node:os");
// Lowering a thread's priority needs no privilege; were it refused, the hash would still be made.
try { os.setPriority(os.constants.priority.PRIORITY_BELOW_NORMAL); } catch {}
parentPort.on("message", ({ id, password, salt, keyLength, N, r, p }) => {
  try {
    // maxmem must exceed 128 * N * r bytes.
    const key = scryptSync(password, Buffer.from(salt), keyLength, { N, r, p, maxmem: 256 * N * r });
    parentPort.postMessage({ id, key });
  } catch (err) {
    parentPort.postMessage({ id, error: String((err && err.message) || err) });
  }
});`;

type Pending = { resolve: (key: Buffer) => void; reject: (err: Error) => void };
type Thread = { worker: Worker; pending: Map<number, Pending> };
export type ScryptParams = { keyLength: number; N: number; r: number; p: number };

export function createHashingThreads(size: number) {
  const threads: Thread[] = [];
  let nextId = 0;

  const start = (): Thread => {
    const thread: Thread = { worker: new Worker(THREAD_CODE, { eval: true }), pending: new Map() };
    // An idle thread does not keep the process alive; one with a hash to finish does.
    thread.worker.unref();
    thread.worker.on("message", (m: { id: number; key?: Uint8Array; error?: string }) => {
      const job = thread.pending.get(m.id);
      thread.pending.delete(m.id);
      if (thread.pending.size === 0) thread.worker.unref();
      if (m.key) job?.resolve(Buffer.from(m.key));
      else job?.reject(new Error(m.error ?? "hashing failed"));
    });
    const fail = (err: Error) => {
      const at = threads.indexOf(thread);
      if (at >= 0) threads.splice(at, 1);
      for (const job of thread.pending.values()) job.reject(err);
      thread.pending.clear();
    };
    thread.worker.on("error", fail);
    thread.worker.on("exit", (code) => fail(new Error(`a hashing thread stopped (exit code ${code})`)));
    threads.push(thread);
    return thread;
  };

  /** The thread with the fewest hashes waiting, a new one while there are fewer than `size`. */
  const pick = (): Thread => {
    const idle = threads.find((t) => t.pending.size === 0);
    if (idle) return idle;
    if (threads.length < size) return start();
    return threads.reduce((a, b) => (b.pending.size < a.pending.size ? b : a));
  };

  return {
    scrypt(password: string, salt: Buffer, params: ScryptParams): Promise<Buffer> {
      const thread = pick();
      const id = nextId++;
      return new Promise<Buffer>((resolve, reject) => {
        thread.pending.set(id, { resolve, reject });
        thread.worker.ref();
        thread.worker.postMessage({ id, password, salt, ...params });
      });
    },
  };
}
