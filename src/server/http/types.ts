import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Config } from "../config";
import type { Database } from "../db/client";
import type { JobQueue } from "../jobs/queue";

/** What the HTTP layer is built from; tests build the same thing in-process. */
export type AppDeps = {
  config: Config;
  database: Database;
  /** Background jobs on the same database; started before the app is built. */
  jobs: JobQueue;
};

export type RoutePlugin = FastifyPluginAsyncZod<AppDeps>;
