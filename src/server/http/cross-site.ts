// Cross-site request forgery: a state change is refused when the browser says it comes from another
// site. OWASP's CSRF cheat sheet: Fetch Metadata first (`Sec-Fetch-Site`, sent by every current
// browser), `Origin` where that is missing (decision 100). Neither header means a client that is not a
// browser (curl, a script, a server), which carries no one's ambient cookies by accident. The session
// cookie's SameSite=Lax is the second line. No custom header is required, so the spec's bodyless calls
// work as written.
import type { FastifyReply, FastifyRequest } from "fastify";
import { bearerToken, routePath } from "./session";

const STRIPE_WEBHOOK_PATH = "/api/webhooks/stripe";

export const STATE_CHANGING = new Set(["POST", "PUT", "PATCH", "DELETE"]);
/** Fetch Metadata values a state change may carry: the site's own pages, or the user's own action. */
const ALLOWED_FETCH_SITES = new Set(["same-origin", "none"]);

export const CROSS_SITE_MESSAGE =
  "Requests that change data must come from this site's own pages. Open the page on this site and try again.";

export type CrossSiteInput = {
  method: string;
  url: string;
  secFetchSite: string | undefined;
  origin: string | undefined;
  /** The origins the site is served from: its public URL and the one this request was addressed to. */
  ownOrigins: readonly string[];
};

/** True when the request may go on: it changes nothing, or nothing says it comes from another site. */
export function isSameSiteOrNotBrowser(input: CrossSiteInput): boolean {
  if (!STATE_CHANGING.has(input.method.toUpperCase())) return true;
  const path = input.url.split("?")[0] ?? "";
  if (!path.startsWith("/api/")) return true;
  // The payment processor's webhook is server to server, and proven by its signature.
  if (path === STRIPE_WEBHOOK_PATH) return true;
  if (input.secFetchSite) return ALLOWED_FETCH_SITES.has(input.secFetchSite.trim().toLowerCase());
  if (input.origin) return input.ownOrigins.includes(input.origin.trim().toLowerCase());
  return true;
}

/** An origin as browsers write it in the Origin header: scheme://host[:port], lower case, default port left out. */
export function originOf(url: string): string | undefined {
  try {
    return new URL(url).origin.toLowerCase();
  } catch {
    return undefined;
  }
}

export type NavigationInput = {
  secFetchSite: string | undefined;
  origin: string | undefined;
  referer: string | undefined;
  ownOrigins: readonly string[];
};

/**
 * True when a navigation (a GET) says another site started it: Fetch Metadata where the browser sends
 * it (anything but the site itself or the user's own action), else an Origin or a Referer of another
 * origin. Nothing at all (a typed address, an old browser, a link without a referrer in a browser
 * without Fetch Metadata) is not known to be cross-site.
 */
export function isCrossSiteNavigation(input: NavigationInput): boolean {
  if (input.secFetchSite) return !ALLOWED_FETCH_SITES.has(input.secFetchSite.trim().toLowerCase());
  const from = input.origin ?? (input.referer === undefined ? undefined : (originOf(input.referer) ?? "null"));
  if (from === undefined) return false;
  return !input.ownOrigins.includes(from.trim().toLowerCase());
}

function header(request: FastifyRequest, name: string): string | undefined {
  const v = request.headers[name];
  return Array.isArray(v) ? v[0] : v;
}

/** The origins the site is served from: its public URL's and the one `request` was addressed to. */
function ownOrigins(request: FastifyRequest, publicOrigin: string | undefined): string[] {
  const addressed = originOf(`${request.protocol}://${request.host}`);
  return [publicOrigin, addressed].filter((o): o is string => o !== undefined);
}

/** Whether a GET was started by another site's page (for a read that must not act on its own, like logout). */
export function navigationFromAnotherSite(publicUrl: string): (request: FastifyRequest) => boolean {
  const publicOrigin = originOf(publicUrl);
  return (request) =>
    isCrossSiteNavigation({
      secFetchSite: header(request, "sec-fetch-site"),
      origin: header(request, "origin"),
      referer: header(request, "referer"),
      ownOrigins: ownOrigins(request, publicOrigin),
    });
}

/** The onRequest hook: refuses a cross-site state change with a 403 that says why. */
export function refuseCrossSite(publicUrl: string) {
  const publicOrigin = originOf(publicUrl);
  return async (request: FastifyRequest, reply: FastifyReply) => {
    // A read changes nothing: the origins below (a URL parsed per request) are not needed for it.
    if (!STATE_CHANGING.has(request.method.toUpperCase())) return;
    // A bearer call carries its own key and no one's cookies count for it (decision 174); a page of
    // another site cannot send the header without the CORS consent this site never gives.
    if (bearerToken(request) !== null) return;
    const ok = isSameSiteOrNotBrowser({
      method: request.method,
      // The route reached, not the raw address, which may encode "/api/" otherwise.
      url: routePath(request),
      secFetchSite: header(request, "sec-fetch-site"),
      origin: header(request, "origin"),
      ownOrigins: ownOrigins(request, publicOrigin),
    });
    if (!ok) return reply.code(403).send({ message: CROSS_SITE_MESSAGE });
  };
}
