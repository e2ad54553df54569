import { z } from "zod";
import { createSubscriptionResponseSchema, demoCardSchema, subscriptionSchema } from "@/shared/billing";
import { messageOnlySchema as messageSchema } from "../../http/error-responses";
import { currentUser, requireRole } from "../../http/session";
import type { RoutePlugin } from "../../http/types";
import {
  cancelSubscription,
  confirmDemoCard,
  createSubscription,
  getSubscription,
  handleStripeWebhook,
  refreshSubscription,
} from "./service";

// A change of status tells the provider and, when it grants access, asks for a rematch, inside the
// service's own transaction (decision 082).
export const billingRoutes: RoutePlugin = async (app, deps) => {
  app.post(
    "/api/create-subscription",
    {
      schema: {
        tags: ["billing"],
        response: { 200: createSubscriptionResponseSchema, 409: messageSchema },
      },
      preValidation: requireRole("provider"),
    },
    async (request) => createSubscription(deps, currentUser(request)),
  );

  app.get(
    "/api/subscription",
    {
      schema: { tags: ["billing"], response: { 200: subscriptionSchema.nullable() } },
      preValidation: requireRole("provider"),
    },
    async (request) => getSubscription(deps, currentUser(request).id),
  );

  app.post(
    "/api/subscription/cancel",
    { schema: { tags: ["billing"], response: { 200: subscriptionSchema } }, preValidation: requireRole("provider") },
    async (request) => cancelSubscription(deps, currentUser(request).id),
  );

  app.post(
    "/api/subscription/refresh",
    { schema: { tags: ["billing"], response: { 200: subscriptionSchema } }, preValidation: requireRole("provider") },
    async (request) => refreshSubscription(deps, currentUser(request).id),
  );

  app.post(
    "/api/subscription/demo/confirm",
    {
      schema: {
        tags: ["billing"],
        body: demoCardSchema,
        response: { 200: subscriptionSchema, 402: messageSchema },
      },
      preValidation: requireRole("provider"),
    },
    async (request) => confirmDemoCard(deps, currentUser(request).id, request.body),
  );

  // Stripe signs the exact bytes it sent: this scope keeps the body as a raw Buffer.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser("*", { parseAs: "buffer", bodyLimit: 1024 * 1024 }, (_request, body, done) => {
      done(null, body);
    });
    scope.post(
      "/api/webhooks/stripe",
      {
        schema: {
          tags: ["billing"],
          response: { 200: z.object({ received: z.literal(true), duplicate: z.boolean() }), 400: messageSchema },
        },
      },
      async (request) => {
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const signature = request.headers["stripe-signature"];
        return handleStripeWebhook(deps, raw, typeof signature === "string" ? signature : undefined);
      },
    );
  });
};
