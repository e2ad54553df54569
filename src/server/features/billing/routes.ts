import { z } from "zod";
import {
  createSubscriptionResponseSchema,
  demoCardSchema,
  type Subscription,
  subscriptionGrantsAccess,
  subscriptionSchema,
} from "@/shared/billing";
import { currentUser, requireRole } from "../../http/session";
import type { RoutePlugin } from "../../http/types";
import { requestEmailDelivery, requestRematch } from "../../jobs/workers";
import {
  type BillingDeps,
  cancelSubscription,
  confirmDemoCard,
  createBillingProviders,
  createSubscription,
  getSubscription,
  handleStripeWebhook,
  refreshSubscription,
} from "./service";

const messageSchema = z.object({ message: z.string() });

export const billingRoutes: RoutePlugin = async (app, { config, jobs }) => {
  const deps: BillingDeps = { db: app.db, appUrl: config.publicUrl, ...createBillingProviders(config.billing) };
  // A subscription that now grants access may make its provider eligible for open requests; a change of
  // status wrote an email to the provider. (A change seen on a plain read is sent by the periodic sweep.)
  const afterChange = async (subscription: Subscription): Promise<Subscription> => {
    await requestEmailDelivery(jobs, "subscription-changed");
    if (subscriptionGrantsAccess(subscription.status)) await requestRematch(jobs, "subscription-active");
    return subscription;
  };

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
    async (request) => afterChange(await cancelSubscription(deps, currentUser(request).id)),
  );

  app.post(
    "/api/subscription/refresh",
    { schema: { tags: ["billing"], response: { 200: subscriptionSchema } }, preValidation: requireRole("provider") },
    async (request) => afterChange(await refreshSubscription(deps, currentUser(request).id)),
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
    async (request) => afterChange(await confirmDemoCard(deps, currentUser(request).id, request.body)),
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
        const result = await handleStripeWebhook(deps, raw, typeof signature === "string" ? signature : undefined);
        if (!result.duplicate) {
          await requestEmailDelivery(jobs, "subscription-changed");
          await requestRematch(jobs, "subscription-changed");
        }
        return result;
      },
    );
  });
};
