import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppDeps } from "../deps";

/** Every route plugin gets the app's deps (createAppDeps, wiring.ts), the same object the workers run with. */
export type RoutePlugin = FastifyPluginAsyncZod<AppDeps>;
