// The admin portal's API (spec screen 10): every route here is admin-only on the server. Each area
// (overview, analytics, requests, users, providers, alerts, activity) is its own plugin and file.
import type { RoutePlugin } from "../../http/types";
import { activityRoutes } from "./activity";
import { alertRoutes } from "./alerts";
import { analyticsRoutes } from "./analytics";
import { providerListRoutes } from "./providers";
import { reportRoutes } from "./reports";
import { requestRoutes } from "./requests";
import { reviewRoutes } from "./reviews";
import { statsRoutes } from "./stats";
import { systemRoutes } from "./system";
import { userRoutes } from "./users";

export const adminRoutes: RoutePlugin = async (app, deps) => {
  await app.register(statsRoutes, deps);
  await app.register(analyticsRoutes, deps);
  await app.register(requestRoutes, deps);
  await app.register(userRoutes, deps);
  await app.register(providerListRoutes, deps);
  await app.register(alertRoutes, deps);
  await app.register(activityRoutes, deps);
  await app.register(reportRoutes, deps);
  await app.register(reviewRoutes, deps);
  await app.register(systemRoutes, deps);
};
