// The requests this process is answering now, by route, for the shutdown's log (decision 198): a stop
// that waits on its in-flight requests says which ones, and for how long they have run. A request's log
// line is written when it ends, so without this a request that never ends leaves no trace at all.
import type { FastifyInstance, FastifyRequest } from "fastify";

/** Tracks the app's open requests; answers a function that describes them, oldest first. */
export function trackOpenRequests(app: FastifyInstance, now: () => number = Date.now): () => string[] {
  const open = new Map<string, { request: FastifyRequest; since: number }>();
  // The route's pattern, not the URL: a query string may carry what a log must not keep.
  const route = (request: FastifyRequest) => request.routeOptions.url ?? "(no route)";
  const end = (request: FastifyRequest) => open.delete(request.id);
  app.addHook("onRequest", (request, _reply, done) => {
    open.set(request.id, { request, since: now() });
    done();
  });
  app.addHook("onResponse", (request, _reply, done) => {
    end(request);
    done();
  });
  app.addHook("onRequestAbort", (request, done) => {
    end(request);
    done();
  });
  return () =>
    [...open.values()].map(
      ({ request, since }) => `${request.method} ${route(request)} (${Math.round((now() - since) / 1000)} s)`,
    );
}
