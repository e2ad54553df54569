import {
  conversationParamsSchema,
  conversationSchema,
  markReadResultSchema,
  markReadSchema,
  messagePageQuerySchema,
  messagePageSchema,
  messageSchema,
  requestThreadsSchema,
  sendMessageSchema,
  unreadSummarySchema,
} from "@/shared/conversations";
import { quoteRequestIdParamsSchema } from "@/shared/quote-requests";
import { errorResponses } from "../../http/error-responses";
import { currentUser, requireRole, tokenScoped } from "../../http/session";
import type { RoutePlugin } from "../../http/types";
import {
  getConversation,
  getUnreadSummary,
  listRequestThreads,
  listThreadMessages,
  markConversationRead,
  sendMessage,
} from "./service";

const tags = ["conversations"];
// Only sending a message can conflict; the other routes declare the rest of the shared answers.
const { 409: _conflict, ...errors } = errorResponses;

// A thread's routes are open to every signed-in caller: whether they are its party is the service's
// question, answered 404 for anyone else (admins too), as for a thread that does not exist (decision 128).
export const conversationRoutes: RoutePlugin = async (app, deps) => {
  app.get(
    "/api/conversations/unread",
    {
      schema: { tags, response: { 200: unreadSummarySchema, ...errors } },
      ...tokenScoped("messages:read", "client", "provider"),
    },
    async (request) => getUnreadSummary(app.db, currentUser(request)),
  );

  app.get(
    "/api/conversations/:leadId",
    {
      schema: { tags, params: conversationParamsSchema, response: { 200: conversationSchema, ...errors } },
      ...tokenScoped("messages:read"),
    },
    async (request) => getConversation(app.db, currentUser(request), request.params.leadId),
  );

  app.get(
    "/api/conversations/:leadId/messages",
    {
      schema: {
        tags,
        params: conversationParamsSchema,
        querystring: messagePageQuerySchema,
        response: { 200: messagePageSchema, ...errors },
      },
      ...tokenScoped("messages:read"),
    },
    async (request) => listThreadMessages(app.db, currentUser(request), request.params.leadId, request.query),
  );

  app.post(
    "/api/conversations/:leadId/messages",
    {
      schema: {
        tags,
        params: conversationParamsSchema,
        body: sendMessageSchema,
        response: { 201: messageSchema, ...errorResponses },
      },
      ...tokenScoped("messages:write"),
    },
    async (request, reply) =>
      reply.code(201).send(await sendMessage(deps, currentUser(request), request.params.leadId, request.body)),
  );

  app.post(
    "/api/conversations/:leadId/read",
    {
      schema: {
        tags,
        params: conversationParamsSchema,
        // A bare POST (no body) marks read up to the newest message, as `{}` does.
        body: markReadSchema.nullish(),
        response: { 200: markReadResultSchema, ...errors },
      },
      ...tokenScoped("messages:write"),
    },
    async (request) => markConversationRead(app.db, currentUser(request), request.params.leadId, request.body?.upTo),
  );

  app.get(
    "/api/quote-requests/:id/conversations",
    {
      schema: {
        tags,
        params: quoteRequestIdParamsSchema,
        response: { 200: requestThreadsSchema, ...errors },
      },
      preValidation: requireRole("client"),
    },
    async (request) => listRequestThreads(app.db, currentUser(request), request.params.id),
  );
};
