import type { FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import {
  accountSessionSchema,
  changeEmailSchema,
  changePasswordSchema,
  emailChangeAnswer,
  PASSWORD_RESET_REQUESTED_MESSAGE,
  requestPasswordResetSchema,
  resetPasswordSchema,
  safeReturnTo,
  signInSchema,
  signUpAnswer,
  signUpSchema,
  updateProfileSchema,
  verifyEmailSchema,
} from "@/shared/auth";
import { nullIfNoneQuerySchema } from "@/shared/null-if-none";
import { PATHS } from "@/shared/paths";
import { publicUserSchema } from "@/shared/users";
import { UnauthorizedError } from "../../errors";
import { navigationFromAnotherSite } from "../../http/cross-site";
import { messageOnlySchema } from "../../http/error-responses";
import { hitRateLimit, type RateLimit, rateLimitSubject } from "../../http/rate-limit";
import {
  clearSessionCookie,
  currentUser,
  loadUser,
  requireRole,
  SESSION_COOKIE,
  setSessionCookie,
} from "../../http/session";
import type { RoutePlugin } from "../../http/types";
import { LOGOUT_CONFIRM_PATH, logoutConfirmPage } from "./logout-page";
import { requestPasswordReset, resetPassword } from "./recovery";
import {
  changePassword,
  endSession,
  refuseSuspended,
  signIn,
  startSession,
  toPublicUser,
  updateProfile,
} from "./service";
import { endAllSessions, endSessionById, listSessions } from "./sessions";
import { requestEmailChange, resendVerification, signUp, verifyEmail } from "./verification";

export const SIGN_UP_LIMIT: RateLimit = {
  name: "sign-up",
  max: 30,
  windowMs: 60 * 60 * 1000,
  message: "Too many accounts were created from your network. Please try again in an hour.",
};

export const authRoutes: RoutePlugin = async (app, deps) => {
  /** A new session for this browser: the one its cookie held, if any, is ended. */
  const signBrowserIn = async (request: FastifyRequest, reply: FastifyReply, userId: number) => {
    const previous = request.cookies[SESSION_COOKIE];
    if (previous) await endSession(app.db, previous);
    const session = await startSession(deps, userId, request.headers["user-agent"] ?? null);
    setSessionCookie(request, reply, session.token, session.expiresAt);
  };
  /** Ends the session of this browser's cookie, if any, and clears the cookie. */
  const signBrowserOut = async (request: FastifyRequest, reply: FastifyReply) => {
    const token = request.cookies[SESSION_COOKIE];
    if (token) await endSession(app.db, token);
    clearSessionCookie(request, reply);
  };

  app.post(
    "/api/auth/sign-up",
    { schema: { tags: ["auth"], body: signUpSchema, response: { 202: messageOnlySchema } } },
    async (request, reply) => {
      // Each sign-up hashes a password on purpose slowly: one network may not make accounts at will.
      await hitRateLimit(app.db, SIGN_UP_LIMIT, rateLimitSubject(request.ip), deps.now());
      // The same answer for an address that has an account (decision 115): the browser is signed in
      // by the link in the email, which only the address's owner receives.
      await signUp(deps, request.body);
      return reply.code(202).send({ message: signUpAnswer(request.body.email) });
    },
  );

  app.post(
    "/api/auth/verify-email",
    { schema: { tags: ["auth"], body: verifyEmailSchema, response: { 200: publicUserSchema } } },
    async (request, reply) => {
      const user = await verifyEmail(deps, request.body);
      // The address is confirmed, but a suspended account is not signed in (decision 135).
      refuseSuspended(user);
      // The link signs its browser in, as the account's owner (a session the browser held is ended).
      await signBrowserIn(request, reply, user.id);
      return toPublicUser(user);
    },
  );

  app.post(
    "/api/auth/verify-email/resend",
    { schema: { tags: ["auth"], response: { 202: messageOnlySchema } }, preValidation: requireRole() },
    async (request, reply) => {
      const user = currentUser(request);
      await resendVerification(deps, user);
      return reply.code(202).send({ message: signUpAnswer(user.email) });
    },
  );

  app.post(
    "/api/auth/email",
    {
      schema: { tags: ["auth"], body: changeEmailSchema, response: { 202: messageOnlySchema } },
      preValidation: requireRole(),
    },
    async (request, reply) => {
      await requestEmailChange(deps, currentUser(request), request.body, rateLimitSubject(request.ip));
      return reply.code(202).send({ message: emailChangeAnswer(request.body.email) });
    },
  );

  app.post(
    "/api/auth/sign-in",
    { schema: { tags: ["auth"], body: signInSchema, response: { 200: publicUserSchema } } },
    async (request, reply) => {
      const user = await signIn(deps, request.body, rateLimitSubject(request.ip));
      // A new token at every sign-in; an old cookie the browser still holds is ended.
      await signBrowserIn(request, reply, user.id);
      return toPublicUser(user);
    },
  );

  app.post("/api/auth/sign-out", { schema: { tags: ["auth"] } }, async (request, reply) => {
    await signBrowserOut(request, reply);
    return reply.code(204).send();
  });

  // Spec section 7: "failure or empty means not authenticated". The spec's call gets its 401; the app
  // asks with ?nullIfNone=1 and gets 200 with null, which no browser logs as an error (decision 154).
  app.get(
    "/api/auth/user",
    {
      schema: {
        tags: ["auth"],
        querystring: nullIfNoneQuerySchema,
        response: { 200: publicUserSchema.nullable(), 401: messageOnlySchema },
      },
    },
    async (request) => {
      const user = await loadUser(request);
      if (user) return toPublicUser(user);
      if (request.query.nullIfNone) return null;
      throw new UnauthorizedError("Not signed in.");
    },
  );

  // Spec section 2: login and logout are full-page navigations.
  app.get(
    "/api/login",
    { schema: { tags: ["auth"], querystring: z.object({ returnTo: z.string().optional() }) } },
    async (request, reply) => {
      const returnTo = safeReturnTo(request.query.returnTo);
      return reply.redirect(
        returnTo === PATHS.home ? PATHS.login : `${PATHS.login}?returnTo=${encodeURIComponent(returnTo)}`,
      );
    },
  );

  // Another site's link must not sign anyone out (decision 148): a cross-site navigation with a session
  // gets a page that asks, whose form posts below; the site's own Logout link signs out at once.
  const fromAnotherSite = navigationFromAnotherSite(deps.appUrl);
  app.get("/api/logout", { schema: { tags: ["auth"] } }, async (request, reply) => {
    const token = request.cookies[SESSION_COOKIE];
    if (token && fromAnotherSite(request)) {
      return reply.type("text/html; charset=utf-8").header("Cache-Control", "no-store").send(logoutConfirmPage());
    }
    await signBrowserOut(request, reply);
    return reply.redirect(PATHS.home);
  });

  // The confirmation page's form: a POST, so the cross-site hook refuses one another site's page sends.
  app.post(LOGOUT_CONFIRM_PATH, { schema: { tags: ["auth"] } }, async (request, reply) => {
    await signBrowserOut(request, reply);
    return reply.redirect(PATHS.home, 303);
  });

  app.patch(
    "/api/auth/profile",
    {
      schema: { tags: ["auth"], body: updateProfileSchema, response: { 200: publicUserSchema } },
      preValidation: requireRole(),
    },
    async (request) => toPublicUser(await updateProfile(app.db, currentUser(request).id, request.body)),
  );

  app.post(
    "/api/auth/password",
    { schema: { tags: ["auth"], body: changePasswordSchema }, preValidation: requireRole() },
    async (request, reply) => {
      await changePassword(
        deps,
        currentUser(request),
        request.cookies[SESSION_COOKIE] ?? "",
        request.body,
        rateLimitSubject(request.ip),
      );
      return reply.code(204).send();
    },
  );

  app.post(
    "/api/auth/password-reset/request",
    { schema: { tags: ["auth"], body: requestPasswordResetSchema, response: { 202: messageOnlySchema } } },
    async (request, reply) => {
      await requestPasswordReset(deps, request.body, rateLimitSubject(request.ip));
      return reply.code(202).send({ message: PASSWORD_RESET_REQUESTED_MESSAGE });
    },
  );

  app.post(
    "/api/auth/password-reset",
    { schema: { tags: ["auth"], body: resetPasswordSchema } },
    async (request, reply) => {
      await resetPassword(deps, request.body);
      // Every session of the account has ended, the browser's own too: it signs in with the new password.
      clearSessionCookie(request, reply);
      return reply.code(204).send();
    },
  );

  app.get(
    "/api/auth/sessions",
    { schema: { tags: ["auth"], response: { 200: z.array(accountSessionSchema) } }, preValidation: requireRole() },
    async (request) => listSessions(deps, currentUser(request).id, request.cookies[SESSION_COOKIE]),
  );

  app.delete(
    "/api/auth/sessions/:id",
    {
      schema: { tags: ["auth"], params: z.object({ id: z.string().min(1).max(64) }) },
      preValidation: requireRole(),
    },
    async (request, reply) => {
      await endSessionById(deps, currentUser(request).id, request.params.id);
      return reply.code(204).send();
    },
  );

  app.post(
    "/api/auth/sessions/sign-out-everywhere",
    { schema: { tags: ["auth"] }, preValidation: requireRole() },
    async (request, reply) => {
      await endAllSessions(deps, currentUser(request).id);
      clearSessionCookie(request, reply);
      return reply.code(204).send();
    },
  );

  // A sample of each guard, for the tests of the role checks and for the web's guard to mirror.
  for (const role of ["client", "provider", "admin"] as const) {
    app.get(
      `/api/auth/check/${role}`,
      {
        schema: { tags: ["auth"], response: { 200: z.object({ ok: z.literal(true), userType: z.string() }) } },
        preValidation: requireRole(role),
      },
      async (request) => ({ ok: true as const, userType: currentUser(request).userType }),
    );
  }
};
