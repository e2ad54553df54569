// Personal API tokens (issue 32 part 3, decision 174): a provider's (or an admin's) key for scripts and
// tools, with scopes that open a fixed set of routes and nothing else. Sent as
// `Authorization: Bearer amt_...`; only its hash is kept, and its first characters are shown.
import { z } from "zod";
import type { UserType } from "./users";

export const PROVIDER_TOKEN_SCOPES = ["leads:read", "quotes:write", "messages:read", "messages:write"] as const;
export const ADMIN_TOKEN_SCOPES = ["admin:read"] as const;
export const API_TOKEN_SCOPES = [...PROVIDER_TOKEN_SCOPES, ...ADMIN_TOKEN_SCOPES] as const;
export type ApiTokenScope = (typeof API_TOKEN_SCOPES)[number];

export const API_TOKEN_SCOPE_LABELS: Record<ApiTokenScope, string> = {
  "leads:read": "Read your leads and your quotes on them, and export them as CSV",
  "quotes:write": "Send, change and withdraw quotes",
  "messages:read": "Read the conversations of your leads",
  "messages:write": "Write in the conversations of your leads, and mark them read",
  "admin:read": "Export the marketplace's requests and users as CSV",
};

/** The scopes a role may give its tokens: a client has no API. */
export function tokenScopesFor(userType: UserType): readonly ApiTokenScope[] {
  if (userType === "provider") return PROVIDER_TOKEN_SCOPES;
  if (userType === "admin") return ADMIN_TOKEN_SCOPES;
  return [];
}

/** How long a new token lives: every token expires. */
export const API_TOKEN_LIFETIMES_DAYS = [7, 30, 90, 365] as const;
export const API_TOKEN_NAME_MAX = 60;
/** Tokens a user may hold at once, revoked ones aside. */
export const API_TOKENS_MAX = 20;
export const API_TOKEN_PREFIX = "amt_";

export const API_TOKEN_MESSAGES = {
  name: "Give the token a name, so you know later what uses it",
  nameTooLong: `The name must be at most ${API_TOKEN_NAME_MAX} characters`,
  scopes: "Choose at least one scope",
  scopeUnknown: `Choose scopes from the list: ${API_TOKEN_SCOPES.join(", ")}`,
  expires: `Choose how long the token lives: ${API_TOKEN_LIFETIMES_DAYS.join(", ")} days`,
  tooMany: `You can have at most ${API_TOKENS_MAX} tokens: revoke one you no longer use first.`,
  notFound: "This API token does not exist.",
  invalid: "This API token is not valid: it may have expired or been revoked. Create a new one in Settings.",
  offScope:
    "API tokens cannot be used here: this route needs you signed in. Tokens work only on the routes of their scopes (see /api/docs).",
  lacks: (scopes: readonly string[]) =>
    `This API token lacks the ${scopes.join(" or ")} scope this ${scopes.length > 1 ? "call" : "route"} needs: create one with it in Settings.`,
} as const;

export const createApiTokenSchema = z.strictObject({
  name: z
    .string(API_TOKEN_MESSAGES.name)
    .trim()
    .min(1, API_TOKEN_MESSAGES.name)
    .max(API_TOKEN_NAME_MAX, API_TOKEN_MESSAGES.nameTooLong),
  scopes: z
    .array(z.enum(API_TOKEN_SCOPES, API_TOKEN_MESSAGES.scopeUnknown), API_TOKEN_MESSAGES.scopes)
    .min(1, API_TOKEN_MESSAGES.scopes)
    .max(API_TOKEN_SCOPES.length, API_TOKEN_MESSAGES.scopeUnknown)
    .refine((v) => new Set(v).size === v.length, API_TOKEN_MESSAGES.scopeUnknown),
  expiresInDays: z
    .number(API_TOKEN_MESSAGES.expires)
    .refine((v) => (API_TOKEN_LIFETIMES_DAYS as readonly number[]).includes(v), API_TOKEN_MESSAGES.expires),
});
export type CreateApiTokenInput = z.infer<typeof createApiTokenSchema>;

export const apiTokenSchema = z.object({
  id: z.number(),
  name: z.string(),
  scopes: z.array(z.enum(API_TOKEN_SCOPES)),
  /** The token's first characters, to tell it apart: "amt_Xy3kP9qA…". */
  prefix: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type ApiToken = z.infer<typeof apiTokenSchema>;

export const apiTokenListSchema = z.object({ tokens: z.array(apiTokenSchema) });
export type ApiTokenList = z.infer<typeof apiTokenListSchema>;

/** The answer to a creation: the token itself, shown this once. */
export const createdApiTokenSchema = apiTokenSchema.extend({ token: z.string() });
export type CreatedApiToken = z.infer<typeof createdApiTokenSchema>;
