// A provider's webhooks (decision 173): its own endpoints only, by its session.
import { idParams } from "@/shared/ids";
import { pageQuerySchema } from "@/shared/paging";
import {
  createWebhookEndpointSchema,
  updateWebhookEndpointSchema,
  webhookDeliveryPageSchema,
  webhookEndpointListSchema,
  webhookEndpointSchema,
  webhookEndpointWithSecretSchema,
} from "@/shared/webhooks";
import { errorResponses } from "../../http/error-responses";
import { currentUser, requireRole } from "../../http/session";
import type { RoutePlugin } from "../../http/types";
import {
  createEndpoint,
  deleteEndpoint,
  listDeliveries,
  listEndpoints,
  resendDelivery,
  rotateSecret,
  updateEndpoint,
} from "./service";

const endpointParams = idParams("endpoint");
const deliveryParams = idParams("delivery");
const tags = ["webhooks"];

export const webhookRoutes: RoutePlugin = async (app, deps) => {
  const provider = requireRole("provider");

  app.get(
    "/api/webhooks/endpoints",
    { schema: { tags, response: { 200: webhookEndpointListSchema, ...errorResponses } }, preValidation: provider },
    async (request) => listEndpoints(app.db, currentUser(request).id),
  );

  app.post(
    "/api/webhooks/endpoints",
    {
      schema: {
        tags,
        body: createWebhookEndpointSchema,
        response: { 201: webhookEndpointWithSecretSchema, ...errorResponses },
      },
      preValidation: provider,
    },
    async (request, reply) => reply.code(201).send(await createEndpoint(deps, currentUser(request).id, request.body)),
  );

  app.patch(
    "/api/webhooks/endpoints/:id",
    {
      schema: {
        tags,
        params: endpointParams,
        body: updateWebhookEndpointSchema,
        response: { 200: webhookEndpointSchema, ...errorResponses },
      },
      preValidation: provider,
    },
    async (request) => updateEndpoint(deps, currentUser(request).id, request.params.id, request.body),
  );

  app.delete(
    "/api/webhooks/endpoints/:id",
    { schema: { tags, params: endpointParams }, preValidation: provider },
    async (request, reply) => {
      await deleteEndpoint(app.db, currentUser(request).id, request.params.id);
      return reply.code(204).send();
    },
  );

  app.post(
    "/api/webhooks/endpoints/:id/rotate-secret",
    {
      schema: { tags, params: endpointParams, response: { 200: webhookEndpointWithSecretSchema, ...errorResponses } },
      preValidation: provider,
    },
    async (request) => rotateSecret(deps, currentUser(request).id, request.params.id),
  );

  app.get(
    "/api/webhooks/endpoints/:id/deliveries",
    {
      schema: {
        tags,
        params: endpointParams,
        querystring: pageQuerySchema,
        response: { 200: webhookDeliveryPageSchema, ...errorResponses },
      },
      preValidation: provider,
    },
    async (request) => listDeliveries(app.db, currentUser(request).id, request.params.id, request.query),
  );

  app.post(
    "/api/webhooks/deliveries/:id/resend",
    { schema: { tags, params: deliveryParams }, preValidation: provider },
    async (request, reply) => {
      await resendDelivery(deps, currentUser(request).id, request.params.id);
      return reply.code(204).send();
    },
  );
};
