// How the simulated people reach the three processes: as through a load balancer (each call to the next
// process in turn, kept-alive connections, the person's address in X-Forwarded-For), each call timed
// and kept under its kind ("GET /api/leads/:id"), with the answers that were not 2xx kept for the table.
// A 409 is the product refusing a change a stale page asked for (the request was hired meanwhile), as a
// person would see it: counted apart, as a conflict. Every other answer that is not 2xx is an error.
import http from "node:http";
import zlib from "node:zlib";
import { pct } from "../support";
import type { Person } from "./seed";

export type Kind = "read" | "write" | "sign-in" | "page";

type Samples = { kind: Kind; ms: number[]; errors: number; conflicts: number; firstError?: string };

export type Answer = { status: number; body: string; headers: http.IncomingHttpHeaders };

export class Recorder {
  readonly calls = new Map<string, Samples>();
  measuring = false;

  add(label: string, kind: Kind, ms: number, status: number, error?: string) {
    if (!this.measuring) return;
    let s = this.calls.get(label);
    if (!s) {
      s = { kind, ms: [], errors: 0, conflicts: 0 };
      this.calls.set(label, s);
    }
    s.ms.push(ms);
    if (status === 409) s.conflicts += 1;
    else if (error) {
      s.errors += 1;
      s.firstError ??= error;
    }
  }

  /** The table of every kind of call, and whether reads and writes meet their goals. */
  print(seconds: number, goals: Record<Kind, number>): { errors: number; failed: string[] } {
    console.log("| call | kind | calls/s | p50 | p95 | p99 | errors | conflicts (409) | goal (p95) |");
    console.log("| --- | --- | --- | --- | --- | --- | --- | --- | --- |");
    let errors = 0;
    const failed: string[] = [];
    const rows = [...this.calls.entries()].sort(([a, x], [b, y]) => x.kind.localeCompare(y.kind) || a.localeCompare(b));
    for (const [label, s] of rows) {
      const p95 = pct(s.ms, 95);
      const ok = p95 < goals[s.kind];
      if (!ok) failed.push(`${label}: p95 ${p95.toFixed(0)} ms`);
      errors += s.errors;
      console.log(
        `| ${label} | ${s.kind} | ${(s.ms.length / seconds).toFixed(1)} | ${pct(s.ms, 50).toFixed(0)} ms | ${p95.toFixed(0)} ms | ${pct(s.ms, 99).toFixed(0)} ms | ${s.errors} | ${s.conflicts} | < ${goals[s.kind]} ms ${ok ? "PASS" : "FAIL"} |`,
      );
    }
    for (const [label, s] of rows) if (s.firstError) console.log(`  ${label}, first error: ${s.firstError}`);
    return { errors, failed };
  }
}

/** The load balancer in front of the processes: each call goes to the next one. */
export class Balancer {
  private next = 0;
  private readonly agents: http.Agent[];

  constructor(
    readonly origins: string[],
    private readonly recorder: Recorder,
  ) {
    this.agents = origins.map(() => new http.Agent({ keepAlive: true, maxSockets: 256 }));
  }

  /** One call as `who` (signed in with `cookie`, or a visitor), timed under `label`. */
  async call(
    who: Pick<Person, "ip"> & { cookie?: string },
    method: string,
    path: string,
    options: { label: string; kind: Kind; body?: unknown; expect?: number[] },
  ): Promise<Answer> {
    const i = this.next++ % this.origins.length;
    const url = new URL(path, this.origins[i]);
    const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
    const t0 = performance.now();
    const answer = await new Promise<Answer>((resolve, reject) => {
      const req = http.request(
        url,
        {
          method,
          agent: this.agents[i],
          headers: {
            "x-forwarded-for": who.ip,
            "accept-encoding": "br, gzip",
            ...(who.cookie ? { cookie: who.cookie } : {}),
            ...(payload ? { "content-type": "application/json", "content-length": Buffer.byteLength(payload) } : {}),
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (d: Buffer) => chunks.push(d));
          res.on("end", () => {
            // As a browser does: the answer's compression undone before it is read.
            const raw = Buffer.concat(chunks);
            const encoding = res.headers["content-encoding"];
            const body =
              encoding === "br" ? zlib.brotliDecompressSync(raw) : encoding === "gzip" ? zlib.gunzipSync(raw) : raw;
            resolve({ status: res.statusCode ?? 0, body: body.toString("utf8"), headers: res.headers });
          });
          res.on("error", reject);
        },
      );
      req.on("error", reject);
      req.end(payload);
    }).catch((err: Error) => ({ status: 0, body: err.message, headers: {} }));
    const ms = performance.now() - t0;
    const ok = (options.expect ?? [200, 201, 204]).includes(answer.status);
    this.recorder.add(
      options.label,
      options.kind,
      ms,
      answer.status,
      ok ? undefined : `${answer.status} ${answer.body.slice(0, 160)}`,
    );
    return answer;
  }

  close() {
    for (const a of this.agents) a.destroy();
  }
}

/** The JSON of a 2xx answer, or undefined. */
export function jsonOf<T>(answer: Answer): T | undefined {
  if (answer.status < 200 || answer.status > 299) return undefined;
  return JSON.parse(answer.body) as T;
}
