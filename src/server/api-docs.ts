import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '@shared/errors';
import { isRecord } from '@shared/records';
import { clientEventSchemas, serverEventSchemas } from '@shared/realtime';
import { z } from '@shared/zod-config';

export const DOCS_PREFIX = '/api/docs';
const isDocumentedRoute = (url: string) =>
  url.startsWith('/api/') && !url.startsWith(`${DOCS_PREFIX}/`) && url !== DOCS_PREFIX;

/**
 * Every error answer has one shape (errors.ts), so every /api route declares it once, here; a route's
 * own entry for a status (health's 503) wins, as Fastify matches an exact status before a range.
 */
function declareErrorAnswers(route: RouteOptions): FastifySchema {
  const schema: FastifySchema = route.schema ?? {};
  const response: Record<string, unknown> = isRecord(schema.response) ? schema.response : {};
  response['4xx'] ??= apiErrorSchema;
  response['5xx'] ??= apiErrorSchema;
  schema.response = response;
  route.schema = schema;
  return schema;
}

/** An /api route as declared, for the test that every one is in the document with its schemas. */
export interface DeclaredRoute {
  method: string;
  url: string;
  schema: FastifySchema;
}

/** Socket.IO's events and their payloads, from the same map both ends check (src/shared/realtime.ts). */
export function socketEventsDocument() {
  // What a sender may write (input) and what a receiver reads (output) differ where a schema trims or defaults.
  const toJson = (schema: z.ZodType, io: 'input' | 'output') =>
    z.toJSONSchema(schema, { target: 'draft-2020-12', unrepresentable: 'any', io });
  return {
    description:
      'Socket.IO events at /socket.io, authenticated by the session cookie. Each acknowledgement is { ok: true, ...ack } or { ok: false, error: { code, message } }.',
    serverToClient: Object.entries(serverEventSchemas).map(([event, payload]) => ({
      event,
      payload: toJson(payload, 'output'),
    })),
    clientToServer: Object.entries(clientEventSchemas).map(([event, { payload, ack }]) => ({
      event,
      payload: toJson(payload, 'input'),
      ack: toJson(ack, 'output'),
    })),
  };
}

/**
 * The API's OpenAPI 3.1 document, generated from the routes' zod schemas, and Swagger UI to read it.
 * Registered before any route: @fastify/swagger learns the routes as they are added. The UI's assets
 * are served from this server (the CSP allows no other origin).
 */
export async function registerApiDocs(app: FastifyInstance): Promise<{ routes: DeclaredRoute[] }> {
  const routes: DeclaredRoute[] = [];
  app.addHook('onRoute', (route) => {
    if (!isDocumentedRoute(route.url)) return;
    const schema = declareErrorAnswers(route);
    for (const method of [route.method].flat()) if (method !== 'HEAD') routes.push({ method, url: route.url, schema });
  });
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Soul Tribe API',
        version: '1',
        description: `JSON over HTTPS; signed-in routes read the session cookie. Every error answers \`{ "error": { "code", "message", "fields"? } }\`. The realtime events: [socket events](${DOCS_PREFIX}/events).`,
      },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, {
    routePrefix: DOCS_PREFIX,
    // Swagger UI would otherwise ask validator.swagger.io to check the document.
    validatorUrl: false,
    uiConfig: { deepLinking: true },
  });
  app.get(`${DOCS_PREFIX}/openapi.json`, { schema: { hide: true } }, async () => app.swagger());
  const events = socketEventsDocument();
  app.get(`${DOCS_PREFIX}/events`, { schema: { hide: true } }, async () => events);
  return { routes };
}
