import { z } from "zod";
import type { PublicConfig } from "@/shared/public-config";
import { pingDatabase } from "../../db/client";
import type { RoutePlugin } from "../../http/types";

export const systemRoutes: RoutePlugin = async (app, { config }) => {
  app.get(
    "/healthz",
    {
      schema: {
        tags: ["system"],
        response: {
          200: z.object({ status: z.literal("ok"), database: z.literal("up") }),
          503: z.object({ status: z.literal("error"), database: z.literal("down") }),
        },
      },
    },
    async (_request, reply) => {
      if (await pingDatabase(app.db)) return { status: "ok" as const, database: "up" as const };
      return reply.code(503).send({ status: "error" as const, database: "down" as const });
    },
  );

  app.get(
    "/api/public-config",
    { schema: { tags: ["system"] } },
    async (): Promise<PublicConfig> => ({
      bookingUrl: config.bookingUrl,
      contactEmail: config.contactEmail,
      contactPhone: config.contactPhone,
      billing:
        config.billing.provider === "stripe"
          ? { provider: "stripe", stripePublishableKey: config.billing.stripe.publishableKey }
          : { provider: "demo", stripePublishableKey: null },
    }),
  );
};
