// Verified reviews (issue 17, decision 141): the hiring client's review of a request's hire, the
// reviewed provider's reply and its list of reviews. The admin's side is in admin/reviews.ts.
import { quoteRequestIdParamsSchema } from "@/shared/quote-requests";
import {
  ownReviewPageSchema,
  ownReviewSchema,
  ownReviewsQuerySchema,
  requestReviewSchema,
  reviewIdParamsSchema,
  reviewInputSchema,
  reviewReplyInputSchema,
} from "@/shared/reviews";
import { errorResponses } from "../../http/error-responses";
import { currentUser, requireRole } from "../../http/session";
import type { RoutePlugin } from "../../http/types";
import { createReview, getRequestReview, listCompanyReviews, replyToReview } from "./service";

const tags = ["reviews"];
const errors = errorResponses;

// Roles are checked before the body is validated (preValidation), as on every request route: a caller
// who may not use a route learns nothing from its validation messages (decision 014).
export const reviewRoutes: RoutePlugin = async (app, deps) => {
  app.get(
    "/api/quote-requests/:id/review",
    {
      schema: { tags, params: quoteRequestIdParamsSchema, response: { 200: requestReviewSchema, ...errors } },
      preValidation: requireRole("client"),
    },
    async (request) => getRequestReview(app.db, currentUser(request), request.params.id),
  );

  app.post(
    "/api/quote-requests/:id/review",
    {
      schema: {
        tags,
        params: quoteRequestIdParamsSchema,
        body: reviewInputSchema,
        response: { 201: ownReviewSchema, ...errors },
      },
      preValidation: requireRole("client"),
    },
    async (request, reply) => {
      const review = await createReview(deps, currentUser(request), request.params.id, request.body);
      return reply.code(201).send(review);
    },
  );

  app.post(
    "/api/reviews/:id/reply",
    {
      schema: {
        tags,
        params: reviewIdParamsSchema,
        body: reviewReplyInputSchema,
        response: { 200: ownReviewSchema, ...errors },
      },
      preValidation: requireRole("provider"),
    },
    async (request) => replyToReview(app.db, currentUser(request), request.params.id, request.body),
  );

  app.get(
    "/api/companies/me/reviews",
    {
      schema: { tags, querystring: ownReviewsQuerySchema, response: { 200: ownReviewPageSchema, ...errors } },
      preValidation: requireRole("provider"),
    },
    async (request) => listCompanyReviews(app.db, currentUser(request), request.query),
  );
};
