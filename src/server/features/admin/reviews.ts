// Reviews in the portal (issue 17, decision 141): every review with its parties, filtered by whether it
// is shown, and hiding one with a reason. The rules live in the reviews feature's service; every route
// here is admin-only.
import {
  adminReviewPageSchema,
  adminReviewSchema,
  adminReviewsQuerySchema,
  hideReviewInputSchema,
  reviewIdParamsSchema,
} from "@/shared/reviews";
import { currentUser } from "../../http/session";
import type { RoutePlugin } from "../../http/types";
import { hideReview, listAdminReviews } from "../reviews/service";
import { adminListRoute, adminRoute } from "./errors";

export const reviewRoutes: RoutePlugin = async (app, deps) => {
  adminListRoute(
    app,
    "/api/admin/reviews",
    { page: adminReviewPageSchema, query: adminReviewsQuerySchema },
    listAdminReviews,
  );

  app.patch(
    "/api/admin/reviews/:id/hide",
    adminRoute(adminReviewSchema, { params: reviewIdParamsSchema, body: hideReviewInputSchema }),
    async (request) => hideReview(deps, currentUser(request), request.params.id, request.body.reason),
  );
};
