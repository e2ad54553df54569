// Who is calling: read once per request from the session cookie, and the one place where a route
// declares which roles may call it (`preValidation: requireRole("admin")`). What a session token means is
// the auth feature's to say; it reaches this plumbing through the deps as a SessionReader (decision 088).
import type { FastifyReply, FastifyRequest } from "fastify";
import { API_TOKEN_MESSAGES, type ApiTokenScope } from "@/shared/api-tokens";
import type { UserType } from "@/shared/users";
import type { Clock } from "../clock";
import type { Db } from "../db/client";
import type { UserRow } from "../db/schema/users";
import { ForbiddenError, UnauthorizedError } from "../errors";

export const SESSION_COOKIE = "sid";

/** What the plumbing asks of the auth feature about a session token (built in deps.ts, decision 088). */
export type SessionReader = {
  /** The user whose live session the token opens (a use keeps the session alive), or undefined. */
  userFor: (app: { db: Db; now: Clock; sessionIdleMs: number }, token: string) => Promise<UserRow | undefined>;
  /** The session's stored id: what the live stream is ended by when the session ends. */
  idOf: (token: string) => string;
  /** Who a personal API token speaks for, with its scopes; undefined when it opens nothing (decision 174). */
  userForToken: (app: { db: Db; now: Clock }, token: string) => Promise<TokenCaller | undefined>;
  /** A read of the user's own that the process may keep while it hears every change to it (decision 192). */
  userRead: <T>(userId: number, key: string, at: Date, read: () => Promise<T>) => Promise<T>;
  /** Drops what the process keeps of these users: the live hub has news for them. */
  forgetUsers: (userIds: readonly number[]) => void;
  /** Returns once this process has heard every change to sessions and accounts committed before the call. */
  sync: (db: Db) => Promise<void>;
  /** Gets ready before the first request (a cache starts listening). */
  start: () => Promise<void>;
  /** Lets go of what the reader holds (a cache's listening connection): the app is closing. */
  close: () => Promise<void>;
};

/** What may keep a read of a user's own: the process's hearing of every change to it (decision 192). */
export type PageKeeper = { userRead: SessionReader["userRead"]; now: Clock };

/** The request's keeper: the first pages of a user's own lists are kept through it (decision 192). */
export const keeperOf = (request: FastifyRequest): PageKeeper => ({
  userRead: request.server.sessions.userRead,
  now: request.server.now,
});

/** A bearer call's caller: the token's owner and what the token may do. */
export type TokenCaller = { user: UserRow; scopes: readonly ApiTokenScope[] };

declare module "fastify" {
  interface FastifyRequest {
    /** undefined: not looked up yet; null: no valid session. */
    currentUser?: UserRow | null;
    /** Set when the caller is an API token (decision 174): its scopes. */
    apiToken?: { scopes: readonly ApiTokenScope[] };
  }
  interface FastifyContextConfig {
    /**
     * The API token scope that opens this route to bearer calls; without one, tokens are refused (decision
     * 174). Several: any of them opens it, and the handler checks the one its resource needs (a file).
     */
    tokenScope?: ApiTokenScope | readonly ApiTokenScope[];
  }
  interface FastifyInstance {
    db: Db;
    /** The app's clock (decision 082): sessions expire by it. */
    now: Clock;
    /** A session unused this long has ended (decision 117). */
    sessionIdleMs: number;
    sessions: SessionReader;
  }
}

export async function loadUser(request: FastifyRequest): Promise<UserRow | null> {
  if (request.currentUser !== undefined) return request.currentUser;
  const token = request.cookies[SESSION_COOKIE];
  request.currentUser = token ? ((await request.server.sessions.userFor(request.server, token)) ?? null) : null;
  return request.currentUser;
}

/**
 * The path of the route a request reached, as declared ("/api/leads/:id"), or its own path when no route
 * matched: what a rule about "/api/" routes reads, since the raw address may encode the same route
 * differently ("/%61pi/leads/1").
 */
export function routePath(request: FastifyRequest): string {
  return request.routeOptions.url ?? request.url.split("?")[0] ?? "";
}

/** The token of an `Authorization: Bearer` header, or null when there is none. */
export function bearerToken(request: FastifyRequest): string | null {
  const value = request.headers.authorization;
  const match = typeof value === "string" ? /^Bearer\s+(\S+)\s*$/i.exec(value) : null;
  return match?.[1] ?? null;
}

/**
 * The onRequest hook of bearer calls to the API (decision 174): a call with a token is the token's
 * alone, its cookies ignored. It reaches only routes that name a scope (`config.tokenScope`) the token
 * holds: any other route answers 403, an unknown, revoked or expired token 401.
 */
export async function authenticateBearer(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const token = bearerToken(request);
  // The route the router matched, not the raw address: "/%61pi/..." reaches an /api/ route too.
  if (token === null || !routePath(request).startsWith("/api/")) return;
  const scope = request.routeOptions.config?.tokenScope;
  if (!scope) throw new ForbiddenError(API_TOKEN_MESSAGES.offScope);
  const caller = await request.server.sessions.userForToken(request.server, token);
  if (!caller) {
    reply.header("www-authenticate", 'Bearer error="invalid_token"');
    throw new UnauthorizedError(API_TOKEN_MESSAGES.invalid);
  }
  const opening: readonly ApiTokenScope[] = typeof scope === "string" ? [scope] : scope;
  if (!opening.some((s) => caller.scopes.includes(s))) throw new ForbiddenError(API_TOKEN_MESSAGES.lacks(opening));
  request.currentUser = caller.user;
  request.apiToken = { scopes: caller.scopes };
}

/** Any signed-in user, or one of the given types. */
export function requireRole(...roles: UserType[]) {
  return async (request: FastifyRequest, _reply: FastifyReply): Promise<void> => {
    const user = await loadUser(request);
    if (!user) throw new UnauthorizedError();
    if (roles.length > 0 && !roles.includes(user.userType)) {
      throw new ForbiddenError(`This is only for ${roles.map((r) => `${r}s`).join(" and ")}.`);
    }
  };
}

/**
 * Who may call a route that API tokens reach too (decision 174): a signed-in user of the given types (any,
 * when none is given), or a token holding `tokenScope`. Spread into the route's options.
 */
export function tokenScoped(tokenScope: ApiTokenScope | readonly ApiTokenScope[], ...roles: UserType[]) {
  return { config: { tokenScope }, preValidation: requireRole(...roles) };
}

/** The signed-in user, for handlers behind requireRole. */
export function currentUser(request: FastifyRequest): UserRow {
  if (!request.currentUser) throw new UnauthorizedError();
  return request.currentUser;
}

/** The session cookie's attributes: a browser clears a cookie only when they match the ones it was set with. */
const sessionCookieOptions = (request: FastifyRequest) =>
  ({ path: "/", httpOnly: true, sameSite: "lax", secure: request.protocol === "https" }) as const;

export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string, expiresAt: Date): void {
  reply.setCookie(SESSION_COOKIE, token, { ...sessionCookieOptions(request), expires: expiresAt });
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, sessionCookieOptions(request));
}
