// Personal API tokens (issue 32 part 3, decision 174): made, listed and revoked by their owner from a
// signed-in session (never by a token), and read on each bearer call by `userForToken`. Only the
// SHA-256 of a token is stored; its first characters are kept to show. A revoked or expired token, or
// one of a suspended account, opens nothing, from the next request on.
import { createHash, randomBytes } from "node:crypto";
import { and, count, desc, eq, gt, isNull, lt, or, sql } from "drizzle-orm";
import {
  API_TOKEN_MESSAGES,
  API_TOKEN_PREFIX,
  API_TOKENS_MAX,
  type ApiToken,
  type ApiTokenList,
  type ApiTokenScope,
  apiTokenListSchema,
  type CreateApiTokenInput,
  type CreatedApiToken,
  createApiTokenSchema,
  createdApiTokenSchema,
  tokenScopesFor,
} from "@/shared/api-tokens";
import { idParams } from "@/shared/ids";
import type { Clock } from "../../clock";
import type { Db } from "../../db/client";
import { type ApiTokenRow, apiTokens } from "../../db/schema/api-tokens";
import { type UserRow, users } from "../../db/schema/users";
import { ConflictError, FieldError, NotFoundError } from "../../errors";
import { errorResponses } from "../../http/error-responses";
import { currentUser, requireRole, type TokenCaller } from "../../http/session";
import type { RoutePlugin } from "../../http/types";
import { type NotifyDeps, queueEmail } from "../notifications/service";
import { apiTokenCreatedEmail } from "./emails";

const DAY_MS = 24 * 60 * 60 * 1000;
/** A token's last use is written at most once a minute: a script's burst costs one write. */
const TOUCH_EVERY_MS = 60 * 1000;
/** Characters of the token shown after its creation. */
const SHOWN = API_TOKEN_PREFIX.length + 8;

const hashOf = (token: string) => createHash("sha256").update(token).digest("hex");

function toApiToken(row: ApiTokenRow): ApiToken {
  return {
    id: row.id,
    name: row.name,
    scopes: row.scopes as ApiTokenScope[],
    prefix: `${row.prefix}…`,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  };
}

/** The user's live tokens (not revoked, not expired), newest first. */
export async function listApiTokens(db: Db, now: Date, userId: number): Promise<ApiTokenList> {
  const rows = await db
    .select()
    .from(apiTokens)
    .where(and(eq(apiTokens.userId, userId), isNull(apiTokens.revokedAt), gt(apiTokens.expiresAt, now)))
    .orderBy(desc(apiTokens.id));
  return { tokens: rows.map(toApiToken) };
}

export async function createApiToken(
  deps: NotifyDeps & { db: Db; appUrl: string },
  user: UserRow,
  input: CreateApiTokenInput,
): Promise<CreatedApiToken> {
  const allowed = tokenScopesFor(user.userType);
  const refused = input.scopes.filter((s) => !allowed.includes(s));
  if (refused.length > 0) {
    throw new FieldError(
      "scopes",
      `Your account cannot give a token ${refused.join(", ")}: choose from ${allowed.join(", ")}`,
    );
  }
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    // The account's row locked: two creations at once cannot both pass the limit.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for("update");
    const [held] = await tx
      .select({ n: count() })
      .from(apiTokens)
      .where(and(eq(apiTokens.userId, user.id), isNull(apiTokens.revokedAt), gt(apiTokens.expiresAt, now)));
    if ((held?.n ?? 0) >= API_TOKENS_MAX) throw new ConflictError(API_TOKEN_MESSAGES.tooMany);
    const token = API_TOKEN_PREFIX + randomBytes(32).toString("base64url");
    const [row] = await tx
      .insert(apiTokens)
      .values({
        userId: user.id,
        name: input.name,
        tokenHash: hashOf(token),
        prefix: token.slice(0, SHOWN),
        scopes: input.scopes,
        expiresAt: new Date(now.getTime() + input.expiresInDays * DAY_MS),
        createdAt: now,
      })
      .returning();
    if (!row) throw new Error("the token was not written");
    const created = toApiToken(row);
    // The owner hears of every new token (an `account.` email, sent whatever the preferences).
    await queueEmail(tx, deps, {
      userId: user.id,
      kind: "account.api_token_created",
      email: apiTokenCreatedEmail(deps.appUrl, user, created),
    });
    return { ...created, token };
  });
}

/** Revoked at once: the next call with it is refused. Another user's token answers 404. */
export async function revokeApiToken(db: Db, now: Date, userId: number, id: number): Promise<void> {
  const [row] = await db
    .update(apiTokens)
    .set({ revokedAt: now })
    .where(and(eq(apiTokens.id, id), eq(apiTokens.userId, userId), isNull(apiTokens.revokedAt)))
    .returning({ id: apiTokens.id });
  if (!row) throw new NotFoundError(API_TOKEN_MESSAGES.notFound);
}

/**
 * Every live token of the user revoked: a new password (changed or reset) and a suspension end them, so
 * that a token made from a stolen session does not outlive the owner's recovery (decision 174).
 */
export async function revokeAllApiTokens(db: Db, userId: number, now: Date): Promise<void> {
  await db
    .update(apiTokens)
    .set({ revokedAt: now })
    .where(and(eq(apiTokens.userId, userId), isNull(apiTokens.revokedAt)));
}

/** What a bearer token opens: its live owner and its scopes, or undefined (unknown, revoked, expired, suspended). */
export async function userForToken(app: { db: Db; now: Clock }, token: string): Promise<TokenCaller | undefined> {
  if (!token.startsWith(API_TOKEN_PREFIX)) return undefined;
  const at = app.now();
  const [found] = await app.db
    .select({ token: apiTokens, user: users })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .where(
      and(
        eq(apiTokens.tokenHash, hashOf(token)),
        isNull(apiTokens.revokedAt),
        gt(apiTokens.expiresAt, at),
        isNull(users.suspendedAt),
      ),
    )
    .limit(1);
  if (!found) return undefined;
  const last = found.token.lastUsedAt;
  if (!last || at.getTime() - last.getTime() >= TOUCH_EVERY_MS) {
    await app.db
      .update(apiTokens)
      .set({ lastUsedAt: at })
      .where(
        and(
          eq(apiTokens.id, found.token.id),
          or(isNull(apiTokens.lastUsedAt), lt(apiTokens.lastUsedAt, sql`${at}::timestamptz - interval '1 minute'`)),
        ),
      );
  }
  // Only the scopes the owner's role has now: a provider made a client keeps no provider scope.
  const allowed = tokenScopesFor(found.user.userType);
  const scopes = (found.token.scopes as ApiTokenScope[]).filter((s) => allowed.includes(s));
  if (scopes.length === 0) return undefined;
  return { user: found.user, scopes };
}

// Managed from a session only: a token cannot make or revoke tokens (decision 174).
export const apiTokenRoutes: RoutePlugin = async (app, deps) => {
  const tags = ["account"];
  const owners = requireRole("provider", "admin");
  app.get(
    "/api/account/tokens",
    { schema: { tags, response: { 200: apiTokenListSchema, ...errorResponses } }, preValidation: owners },
    async (request) => listApiTokens(app.db, deps.now(), currentUser(request).id),
  );
  app.post(
    "/api/account/tokens",
    {
      schema: { tags, body: createApiTokenSchema, response: { 201: createdApiTokenSchema, ...errorResponses } },
      preValidation: owners,
    },
    async (request, reply) => reply.code(201).send(await createApiToken(deps, currentUser(request), request.body)),
  );
  app.delete(
    "/api/account/tokens/:id",
    { schema: { tags, params: idParams("token") }, preValidation: owners },
    async (request, reply) => {
      await revokeApiToken(app.db, deps.now(), currentUser(request).id, request.params.id);
      return reply.code(204).send();
    },
  );
};
