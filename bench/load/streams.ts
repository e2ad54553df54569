// The open tabs: one live stream (GET /api/events) per person, spread over the processes, each parsed as
// a browser's EventSource would. A write that should reach someone's tab is registered as awaited
// ("the client's stream gets `quote` for lead 12"); when the event arrives, the time from the write's
// call to the event is kept: an upper bound of commit-to-tab, as the commit happens inside that call.
import http from "node:http";
import type { LiveEvent } from "../../src/shared/live";
import type { Person } from "./seed";

const keyOf = (userId: number, type: string, id: number | undefined) => `${userId}:${type}:${id ?? ""}`;

export class Streams {
  private readonly requests: http.ClientRequest[] = [];
  private readonly awaited = new Map<string, number[]>();
  /** Milliseconds from a write's call to its event on the other side's stream. */
  readonly delivery: number[] = [];
  /** Milliseconds from a quote request's submission to its `lead` event on the client's stream. */
  readonly submitToLead: number[] = [];
  opened = 0;
  failed = 0;
  dropped = 0;
  measuring = false;

  /** Opens a stream for each person, in turn on each origin, resolving when all are ready (or failed). */
  async open(people: Person[], origins: string[]): Promise<void> {
    const batch = 100;
    for (let i = 0; i < people.length; i += batch) {
      await Promise.all(
        people.slice(i, i + batch).map((p, j) => this.openOne(p, origins[(i + j) % origins.length] ?? "")),
      );
    }
  }

  private openOne(person: Person, origin: string): Promise<void> {
    return new Promise((resolve) => {
      const req = http.get(
        new URL("/api/events", origin),
        { agent: false, headers: { cookie: person.cookie, "x-forwarded-for": person.ip, accept: "text/event-stream" } },
        (res) => {
          if (res.statusCode !== 200) {
            this.failed += 1;
            res.resume();
            resolve();
            return;
          }
          let buffer = "";
          let ready = false;
          res.setEncoding("utf8");
          res.on("data", (chunk: string) => {
            const at = performance.now();
            buffer += chunk;
            for (let end = buffer.indexOf("\n\n"); end >= 0; end = buffer.indexOf("\n\n")) {
              const block = buffer.slice(0, end);
              buffer = buffer.slice(end + 2);
              const type = /^event: (.+)$/m.exec(block)?.[1];
              const data = /^data: (.+)$/m.exec(block)?.[1];
              if (type === "ready" && !ready) {
                ready = true;
                this.opened += 1;
                resolve();
              } else if (type && data) this.heard(person.id, JSON.parse(data) as LiveEvent, at);
            }
          });
          res.on("close", () => {
            if (!ready) {
              this.failed += 1;
              resolve();
            } else if (!this.closing) this.dropped += 1;
          });
        },
      );
      req.on("error", () => undefined);
      this.requests.push(req);
    });
  }

  private closing = false;

  /**
   * A write, sent at `t0`, whose event `type` about `id` the user's stream should get. Answers what to
   * call with the write's status: a write refused (a 409 on a stale page) makes no event, and is not awaited.
   */
  await(userId: number | undefined, type: LiveEvent["type"], id: number | undefined, t0: number) {
    if (!this.measuring || userId === undefined) return (_status: number) => undefined;
    const key = keyOf(userId, type, id);
    const list = this.awaited.get(key) ?? [];
    list.push(t0);
    this.awaited.set(key, list);
    return (status: number) => {
      if (status >= 200 && status < 300) return;
      const at = list.findIndex((x) => Object.is(x, t0));
      if (at >= 0) list.splice(at, 1);
    };
  }

  /**
   * A message of `writerId` on the lead: the writer's own tabs get its event too, which is not the one
   * another write of the other side awaits there; it is skipped. Answers as `await` does.
   */
  ownCopy(writerId: number, leadId: number) {
    return this.await(writerId, "message", leadId, Number.NaN);
  }

  private heard(userId: number, event: LiveEvent, at: number) {
    // A client's `lead` events are awaited by the client alone (see people.ts), the others by their lead.
    const id = event.type === "lead" ? undefined : event.leadId;
    const key = keyOf(userId, event.type, id);
    const t0 = this.awaited.get(key)?.shift();
    if (t0 === undefined || Number.isNaN(t0)) return;
    (event.type === "lead" ? this.submitToLead : this.delivery).push(at - t0);
  }

  /** Writes whose event never came. */
  missing(): number {
    let n = 0;
    for (const list of this.awaited.values()) n += list.length;
    return n;
  }

  close() {
    this.closing = true;
    for (const r of this.requests) r.destroy();
  }
}
