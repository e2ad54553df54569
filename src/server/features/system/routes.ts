import { z } from "zod";
import type { PublicConfig } from "@/shared/public-config";
import { pingDatabase, probeWrites } from "../../db/client";
import { diskTooFull } from "../../db/disk";
import { ServiceUnavailableError } from "../../errors";
import type { RoutePlugin } from "../../http/types";

export const systemRoutes: RoutePlugin = async (app, { config, lifecycle }) => {
  // Kept as it was for what already polls it: the process answers and the database answers a read.
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

  // Liveness (decision 107): the process runs and serves HTTP; the database is not asked, so that a
  // database outage does not get healthy processes restarted.
  app.get(
    "/healthz/live",
    { schema: { tags: ["system"], response: { 200: z.object({ status: z.literal("ok") }) } } },
    async () => ({ status: "ok" as const }),
  );

  // Readiness: send traffic here only while the database takes writes.
  app.get(
    "/healthz/ready",
    {
      schema: {
        tags: ["system"],
        response: {
          200: z.object({ status: z.literal("ok"), database: z.literal("writable") }),
          503: z.object({
            status: z.literal("error"),
            database: z.enum(["read-only", "unavailable", "disk-full", "not-asked"]),
            message: z.string(),
          }),
        },
      },
    },
    async (_request, reply) => {
      // Shutting down (decision 144): the load balancer takes this process out while it still serves.
      if (lifecycle.draining) {
        return reply
          .code(503)
          .header("retry-after", "5")
          .send({
            status: "error" as const,
            database: "not-asked" as const,
            message: "The server is shutting down: send new requests to another instance.",
          });
      }
      // The embedded database's disk: a write that needs a new page fails on a full disk even when
      // the probe's row fits in a page it has (decision 143).
      const tooFull = diskTooFull(config.database);
      if (tooFull) {
        return reply
          .code(503)
          .header("retry-after", "30")
          .send({ status: "error" as const, database: "disk-full" as const, message: tooFull });
      }
      const database = await probeWrites(app.db);
      if (database === "writable") return { status: "ok" as const, database };
      const unavailable = new ServiceUnavailableError(
        database === "read-only"
          ? "The database is read-only: it takes no writes."
          : "The database cannot be reached or is busy.",
      );
      return reply
        .code(503)
        .header("retry-after", String(unavailable.retryAfterSeconds))
        .send({ status: "error" as const, database, message: unavailable.message });
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
      fileScanning: config.files.clamd !== null,
    }),
  );
};
