// GET /api/events: the live stream of a signed-in tab (Server-Sent Events, decision 130). Written by
// hand on the raw response: the format is four kinds of lines, and the reply must bypass the hooks that
// would compress or buffer it.

import { BRAND_NAME } from "@/shared/brand";
import type { LiveEvent } from "@/shared/live";
import { ServiceUnavailableError, TooManyRequestsError } from "../errors";
import { messageOnlySchema as messageSchema } from "../http/error-responses";
import { rateLimitSubject } from "../http/rate-limit";
import { currentUser, requireRole, SESSION_COOKIE } from "../http/session";
import type { RoutePlugin } from "../http/types";
import { createLiveHub, DEFAULT_LIVE_LIMITS, type LiveLimits, type LiveStream } from "./hub";
import { findLiveSessionIds } from "./queries";

export type LiveOptions = {
  /** How often each stream gets a comment line (keeping proxies from closing it) and its session is checked. */
  heartbeatMs?: number;
  limits?: LiveLimits;
};

export const DEFAULT_HEARTBEAT_MS = 25_000;
/** What the browser waits before connecting again after the stream ends. */
export const RETRY_MS = 3000;
/** A tab this far behind in reading its stream is dropped (it connects again and catches up). */
const MAX_UNREAD_BYTES = 64 * 1024;

/** One event as the stream writes it: its type names the event, its data is the event itself. */
export function formatEvent(event: LiveEvent): string {
  return `event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`;
}

export function liveRoutes(options: LiveOptions = {}): RoutePlugin {
  const heartbeatMs = options.heartbeatMs ?? DEFAULT_HEARTBEAT_MS;
  const limits = options.limits ?? DEFAULT_LIVE_LIMITS;

  return async (app, deps) => {
    const hub = createLiveHub(deps.database, deps.log, limits, (userIds) => deps.sessions.forgetUsers(userIds));
    let heartbeat: NodeJS.Timeout | undefined;

    /** Every stream gets a comment line; those whose session has ended are told so and closed. */
    const beat = async () => {
      const streams = hub.streams();
      for (const stream of streams) stream.comment("heartbeat");
      if (streams.length === 0) return;
      const at = app.now();
      try {
        const live = await findLiveSessionIds(
          app.db,
          [...new Set(streams.map((s) => s.sessionId))],
          at,
          new Date(at.getTime() - app.sessionIdleMs),
        );
        for (const stream of streams) {
          if (live.has(stream.sessionId)) continue;
          stream.send({ type: "session-ended" });
          stream.end();
        }
      } catch (err) {
        // The database is out of reach: the streams stay, and the next beat checks again.
        deps.log.warn({ err }, "live: could not check the streams' sessions");
      }
    };

    // Before the server closes (decision 109): an open stream would keep app.close() waiting forever.
    app.addHook("preClose", async () => {
      clearInterval(heartbeat);
      await hub.stop();
    });

    app.get(
      "/api/events",
      {
        schema: {
          tags: ["live"],
          description:
            "Server-Sent Events: `retry`, then `event: ready`, then one event per change that concerns the " +
            "signed-in user (`event: <type>`, `data: <LiveEvent as JSON>`), and a comment line every 25 s.",
          response: { 401: messageSchema, 403: messageSchema, 429: messageSchema, 503: messageSchema },
        },
        preValidation: requireRole(),
      },
      async (request, reply) => {
        const user = currentUser(request);
        const token = request.cookies[SESSION_COOKIE] ?? "";
        if (!(await hub.ensureListening())) {
          throw new ServiceUnavailableError(
            "Live updates are unavailable for a moment. The page keeps refreshing itself meanwhile.",
            5,
          );
        }
        heartbeat ??= setInterval(() => void beat(), heartbeatMs).unref();

        const res = reply.raw;
        let ended = false;
        /** Counted among the open streams once it is open; uncounted when it ends. */
        let counted = false;
        const write = (text: string) => {
          if (ended) return;
          res.write(text);
          if (res.writableLength > MAX_UNREAD_BYTES) stream.end();
        };
        const stream: LiveStream = {
          userId: user.id,
          network: rateLimitSubject(request.ip),
          confirmed: user.emailVerifiedAt !== null,
          sessionId: deps.sessions.idOf(token),
          send: (event) => {
            if (ended) return;
            deps.metrics.live.events.inc({ type: event.type });
            write(formatEvent(event));
          },
          comment: (text) => write(`: ${text}\n\n`),
          end: () => {
            if (ended) return;
            ended = true;
            if (counted) deps.metrics.live.streams.dec();
            hub.remove(stream);
            res.end();
          },
        };
        const refused = hub.add(stream);
        if (refused === "user-limit") {
          const allowed = stream.confirmed ? limits.perUser : limits.perUnconfirmedUser;
          throw new TooManyRequestsError(
            `You have ${allowed} ${BRAND_NAME} tabs or windows receiving live updates already. ` +
              (stream.confirmed ? "" : "Confirm your email address to have more. ") +
              "Close some of them; this one keeps refreshing itself meanwhile.",
            30,
          );
        }
        if (refused === "network-limit") {
          throw new TooManyRequestsError(
            `Your network has ${limits.perNetwork} ${BRAND_NAME} tabs or windows receiving live updates already. ` +
              "This one keeps refreshing itself meanwhile.",
            30,
          );
        }
        if (refused === "total-limit") {
          throw new ServiceUnavailableError(
            "The server has too many live connections right now. The page keeps refreshing itself meanwhile.",
            30,
          );
        }
        if (refused === "unavailable") {
          throw new ServiceUnavailableError(
            "Live updates are unavailable for a moment. The page keeps refreshing itself meanwhile.",
            5,
          );
        }

        // The hooks that compress, and that set the API's headers, run on a reply Fastify sends; this
        // one is written here, as it goes. Helmet's headers are on the raw response already.
        reply.hijack();
        res.on("close", () => stream.end());
        // A tab that went away while the stream was being set up (its 'close' came before the listener
        // above) would stay in the hub, taking its user's events and a place under the limit.
        if (request.raw.destroyed || res.destroyed) {
          stream.end();
          return;
        }
        res.writeHead(200, {
          "content-type": "text/event-stream; charset=utf-8",
          "cache-control": "no-store",
          // nginx and the like pass each line on at once instead of filling a buffer first.
          "x-accel-buffering": "no",
          // The connection is the stream's: when the stream ends, so does the connection, so that a
          // server shutting down is not kept waiting for it to be idle.
          connection: "close",
        });
        res.write(`retry: ${RETRY_MS}\n\nevent: ready\ndata: {}\n\n`);
        counted = true;
        deps.metrics.live.streams.inc();
      },
    );
  };
}
