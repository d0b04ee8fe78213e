import { STATUS_CODES } from 'node:http';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { createCookieGetter } from 'better-auth/cookies';
import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';
import { adminReaderSchema } from '@shared/admin';
import { appointmentSchema } from '@shared/appointments';
import { authSessionSchema, authUserSchema } from '@shared/auth';
import { communityPostSchema, communityReplySchema } from '@shared/community';
import { apiErrorSchema } from '@shared/errors';
import { liveStreamSchema, streamReaderSchema } from '@shared/live';
import { notificationPreferencesSchema } from '@shared/notification-preferences';
import { promotionSchema } from '@shared/promotions';
import { adminReaderApplicationSchema } from '@shared/reader-applications';
import { readerScheduleSchema } from '@shared/reader-schedule';
import { readerSchema, readerServiceSchema } from '@shared/readers';
import { isRecord } from '@shared/records';
import { clientEventSchemas, serverEventSchemas } from '@shared/realtime';
import { sessionSchema } from '@shared/sessions';
import { sellerShipmentSchema, shippingAddressSchema } from '@shared/shipping';
import { orderSchema, productSchema } from '@shared/shop';
import { depositLimitsSchema, payoutSchema } from '@shared/wallet';
import { writtenReadingSchema } from '@shared/written-readings';
import { z } from '@shared/zod-config';
import type { Auth } from './auth/auth';
import type { Config } from './config';
import { signInGuardRoles } from './features/auth';

export const DOCS_PREFIX = '/api/docs';
const METRICS_PATH = '/metrics';
const isDocumentedRoute = (url: string) =>
  url.startsWith('/api/') && !url.startsWith(`${DOCS_PREFIX}/`) && url !== DOCS_PREFIX;
/** Tools the server has only under development flags (the local mailbox, a reading's clock): not the API a client is built for. */
export const isDevTool = (url: string) => url.startsWith('/api/dev/');

/**
 * Schemas the document names once under components and refers to wherever a route answers them,
 * where it would otherwise repeat them in full (a reading session was written out ten times): a
 * client generator makes one type of each, and Swagger UI reads a third of the bytes. Registered
 * here, on the very objects the routes use, so no shared file changes for the document.
 */
const NAMED_SCHEMAS: [string, ZodType][] = [
  ['ReadingSession', sessionSchema],
  ['Reader', readerSchema],
  ['ReaderService', readerServiceSchema],
  ['ReaderSchedule', readerScheduleSchema],
  ['AdminReader', adminReaderSchema],
  ['AdminReaderApplication', adminReaderApplicationSchema],
  ['Appointment', appointmentSchema],
  ['WrittenReading', writtenReadingSchema],
  ['CommunityPost', communityPostSchema],
  ['CommunityReply', communityReplySchema],
  ['LiveStream', liveStreamSchema],
  ['StreamReader', streamReaderSchema],
  ['Product', productSchema],
  ['Order', orderSchema],
  ['SellerShipment', sellerShipmentSchema],
  ['ShippingAddress', shippingAddressSchema],
  ['Promotion', promotionSchema],
  ['Payout', payoutSchema],
  ['DepositLimits', depositLimitsSchema],
  ['NotificationPreferences', notificationPreferencesSchema],
  ['AuthUser', authUserSchema],
  ['AuthSession', authSessionSchema],
];
for (const [id, schema] of NAMED_SCHEMAS) if (!z.globalRegistry.has(schema)) z.globalRegistry.add(schema, { id });

/**
 * The operation groups, in the order Swagger UI lists them: each operation's tag is its feature (the
 * endpoint's `tag`). The document's test fails on a tag used without a description here.
 */
const TAG_DESCRIPTIONS: Record<string, string> = {
  auth: 'Signing up and in, two-factor sign-in, passwords and email verification: Better Auth, behind this server’s own checks',
  account: 'The signed-in person’s own account: its status, sign-ins on other devices, export and deletion',
  readers:
    'The readers’ directory, profiles and the site’s figures; a reader’s own profile, hours, figures, earnings and readings',
  sessions:
    'Readings by chat, audio or video, billed by the minute: requests, the reading itself, receipts and ratings',
  queue: 'Waiting in line for a busy reader',
  appointments: 'Readings booked ahead at a reader’s open times',
  'written-readings': 'Questions answered in writing by a due time',
  live: 'Live streams: going live, joining, chat moderation, gifts and reminders',
  wallet: 'The wallet: balance and lines, deposits, spending limits, breaks, reminders and automatic top-ups',
  payments:
    'Card payments: checkout, saved cards, a deposit’s status, refunds, the sandbox and the payment provider’s webhook',
  payouts: 'A reader’s payouts, the account they are paid to, and the admin’s decision on each',
  promotions: 'Promotion codes, the welcome offer and referral credit, and the admin’s promotions',
  shop: 'The shop: products, cart, orders and their shipments, and the admin’s view of them',
  community: 'The community board: posts, replies, likes and their moderation',
  favorites: 'A client’s favorite readers',
  follows: 'Following readers, to hear when they go live',
  notifications: 'Notifications, the channels and quiet hours each person chooses, and their devices’ Web Push',
  blocks: 'Blocking someone, so that neither side can reach the other',
  reports: 'Reporting a person or something they wrote, and the admin’s decision',
  'reader-applications': 'Applying to read on the site, and the admin’s review of applications',
  reviews: 'What clients wrote of their readings, on each reader’s profile',
  'client-notes': 'A reader’s private notes on their clients',
  admin: 'The admin’s tools: readers, users, readings, the site’s figures and growth',
  health: 'Liveness and readiness, for load balancers and orchestrators',
  metrics: 'Prometheus metrics, for monitoring',
};

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

/**
 * Every route gets the security its sign-in guard implies, endpoint or not (one source: the guard
 * route() adds for an endpoint's access is the same requireUser): the session cookie, for the roles
 * requireUser lets in (OpenAPI 3.1 allows role names in an apiKey requirement), or none without the
 * guard; a public endpoint that reads a cookie when it is there says so itself (its `security`).
 */
function declareAccess(route: RouteOptions, schema: FastifySchema) {
  if (schema.security) return;
  const roles = [route.onRequest ?? []]
    .flat()
    .map(signInGuardRoles)
    .find((found) => found !== undefined);
  schema.security = roles ? [{ session: [...roles] }] : [];
}

/** GET /metrics, which the routes keep out of the document (a Prometheus scrape, not the API). */
const metricsOperation = {
  summary: 'Prometheus metrics: request latencies by route, readings, sockets and mail under way',
  tags: ['metrics'],
  security: [{ metricsToken: [] }],
  response: {
    200: { description: 'OK', content: { 'text/plain; version=0.0.4': { schema: z.string() } } },
    '4xx': apiErrorSchema,
  },
};

/** An /api route as declared, for the test that every one is in the document with its schemas. */
export interface DeclaredRoute {
  method: string;
  url: string;
  schema: FastifySchema;
}

/** The cookie and token schemes the operations' `security` names. */
function securitySchemes(cookieOf: (name: string) => { name: string }) {
  const session = cookieOf('session_token').name;
  return {
    session: {
      type: 'apiKey' as const,
      in: 'cookie',
      name: session,
      description: `Better Auth's session cookie (HttpOnly), set by a sign-in and sent back by the browser. Its name is \`__Secure-better-auth.session_token\` when PUBLIC_URL is https (as in production), \`better-auth.session_token\` over http; this server's is \`${session}\`. Where an operation lists roles, only those may call it (403 for the others); admins need two-factor sign-in on where REQUIRE_ADMIN_2FA says so.`,
    },
    twoFactorChallenge: {
      type: 'apiKey' as const,
      in: 'cookie',
      name: cookieOf('two_factor').name,
      description:
        'Set instead of the session by a sign-in of an account with two-factor on: the code sent with it to /api/auth/two-factor/verify-totp (or verify-backup-code) ends the sign-in. `__Secure-` prefixed as the session cookie is.',
    },
    metricsToken: {
      type: 'http' as const,
      scheme: 'bearer',
      description:
        'METRICS_TOKEN, for Prometheus scraping GET /metrics. In production /metrics exists only when it is set.',
    },
  };
}

type Json = Record<string, unknown>;
const ERROR_SCHEMA_REF = '#/components/schemas/ApiError';
const ERROR_ANSWER_REF = '#/components/responses/ApiError';

/** An error status whose answer is the one error shape (declareErrorAnswers), which the document names once. */
function isErrorAnswer(status: string, answer: unknown): boolean {
  if (!/^[45]/.test(status) || !isRecord(answer) || !isRecord(answer.content)) return false;
  const media = Object.values(answer.content);
  return (
    media.length === 1 && isRecord(media[0]) && isRecord(media[0].schema) && media[0].schema.$ref === ERROR_SCHEMA_REF
  );
}

/**
 * A JSON schema as a client generator reads it best, changed in place: zod's bounds of a safe integer
 * (±2^53-1 on every `.int()`) go, as they say nothing a client must know, and a record keyed by an
 * enum with every key required becomes an object with those properties (Redocly asks that each
 * required property be defined, and a generator then makes a typed object).
 */
function simplifySchema(node: unknown): void {
  if (Array.isArray(node)) {
    for (const item of node) simplifySchema(item);
    return;
  }
  if (!isRecord(node)) return;
  if (node.minimum === Number.MIN_SAFE_INTEGER) delete node.minimum;
  if (node.maximum === Number.MAX_SAFE_INTEGER) delete node.maximum;
  const keys = isRecord(node.propertyNames) ? node.propertyNames.enum : undefined;
  if (node.type === 'object' && !node.properties && Array.isArray(keys) && isRecord(node.additionalProperties)) {
    const value = node.additionalProperties;
    node.properties = Object.fromEntries(keys.map((key) => [String(key), value]));
    node.additionalProperties = false;
    delete node.propertyNames;
  }
  for (const child of Object.values(node)) simplifySchema(child);
}

/** Every `$ref` under a node. */
function refsIn(node: unknown, found: Set<string>): Set<string> {
  if (Array.isArray(node)) for (const item of node) refsIn(item, found);
  else if (isRecord(node)) {
    if (typeof node.$ref === 'string') found.add(node.$ref);
    for (const child of Object.values(node)) refsIn(child, found);
  }
  return found;
}

/**
 * The document as @fastify/swagger and the zod transform leave it, finished: the one error answer
 * referred to by name, success answers described by their status, schemas simplified, the named
 * schemas no operation uses dropped (each registered schema comes as an input and an output), and
 * the tags listed with their descriptions.
 */
function finishDocument(document: Json): Json {
  const paths = isRecord(document.paths) ? document.paths : {};
  const components = isRecord(document.components) ? document.components : {};
  const schemas: Json = isRecord(components.schemas) ? components.schemas : {};
  const usedTags = new Set<string>();
  for (const pathItem of Object.values(paths)) {
    for (const operation of Object.values(isRecord(pathItem) ? pathItem : {})) {
      if (!isRecord(operation)) continue;
      for (const tag of Array.isArray(operation.tags) ? operation.tags : []) usedTags.add(String(tag));
      const responses = isRecord(operation.responses) ? operation.responses : {};
      for (const [status, answer] of Object.entries(responses)) {
        if (isErrorAnswer(status, answer)) responses[status] = { $ref: ERROR_ANSWER_REF };
        else if (isRecord(answer) && answer.description === 'Default Response')
          answer.description = STATUS_CODES[Number(status)] ?? 'Answer';
      }
    }
  }
  simplifySchema(paths);
  simplifySchema(schemas);
  const errorAnswer = {
    description:
      'An error: `{ "error": { "code", "message", "fields"? } }`; a refused request’s `fields` say what is wrong with each',
    content: { 'application/json': { schema: { $ref: ERROR_SCHEMA_REF } } },
  };
  const reachable = refsIn([paths, errorAnswer], new Set());
  for (const ref of reachable) refsIn(schemas[ref.replace('#/components/schemas/', '')], reachable);
  const usedSchemas = Object.entries(schemas).filter(([name]) => reachable.has(`#/components/schemas/${name}`));
  const tagNames = [
    ...Object.keys(TAG_DESCRIPTIONS).filter((tag) => usedTags.has(tag)),
    ...[...usedTags].filter((tag) => !(tag in TAG_DESCRIPTIONS)).sort(),
  ];
  return {
    ...document,
    tags: tagNames.map((name) => ({ name, ...(TAG_DESCRIPTIONS[name] && { description: TAG_DESCRIPTIONS[name] }) })),
    components: { ...components, schemas: Object.fromEntries(usedSchemas), responses: { ApiError: errorAnswer } },
  };
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
 * Browser code in Swagger UI's config: @fastify/swagger-ui writes a function into the page's
 * initializer as its source text, so the source is given as written (not as the build compiles it).
 */
const browserFunction = (source: string) => Object.assign(() => ({}), { toString: () => source });

/**
 * Swagger UI resolves a part of an OpenAPI 3.1 document (the security schemes as the page opens, an
 * operation as it is opened) by converting the whole document first, ~190 operations, which took
 * seconds each time (swagger-api/swagger-ui#10250, #10748). Every $ref of this document points into
 * components, so the part comes out the same from the document with only the path it is in: this
 * plugin hands the resolver that, and its own fetching of the document stays (DownloadUrl).
 */
const swaggerUiPlugins = [
  browserFunction('function (system) { return SwaggerUIBundle.plugins.DownloadUrl(system); }'),
  browserFunction(`function resolveOnePathAtATime(system) {
    var resolve;
    return {
      fn: {
        resolveSubtree: function (spec, path, options) {
          resolve = resolve || SwaggerUIBundle.plugins.SwaggerClient({ configs: {}, getConfigs: system.getConfigs }).fn.resolveSubtree;
          var paths = {};
          if (path[0] === 'paths' && spec.paths && spec.paths[path[1]]) paths[path[1]] = spec.paths[path[1]];
          var components = path[0] === 'components' && path[1] === 'securitySchemes'
            ? { securitySchemes: (spec.components || {}).securitySchemes }
            : spec.components;
          return resolve(Object.assign({}, spec, { paths: paths, components: components }), path, options);
        }
      }
    };
  }`),
];

type SwaggerTransformInput = Parameters<typeof jsonSchemaTransform>[0];

/**
 * Each route as the document shows it: the API's routes, GET /metrics with its token, and nothing
 * else (the web app's pages and files, development tools).
 */
function transformRoute(input: SwaggerTransformInput) {
  const { url, route } = input;
  if (url === METRICS_PATH && route.method === 'GET')
    return jsonSchemaTransform({ ...input, schema: metricsOperation });
  if (!isDocumentedRoute(url) || isDevTool(url)) return { schema: { hide: true }, url };
  return jsonSchemaTransform(input);
}

export interface ApiDocsOptions {
  config: Pick<Config, 'apiDocs' | 'publicUrl'>;
  /** Better Auth, whose cookies the document names as this server sets them. */
  auth: Auth;
}

/**
 * The API's OpenAPI 3.1 document, generated from the routes' zod schemas, and Swagger UI to read it.
 * Registered before any route: @fastify/swagger learns the routes as they are added. The UI's assets
 * are served from this server (the CSP allows no other origin). With API_DOCS=off (production's
 * default: the document lists every admin route) neither is served, and /api/docs answers 404; the
 * routes still get their error answers and security.
 */
export async function registerApiDocs(
  app: FastifyInstance,
  { config, auth }: ApiDocsOptions,
): Promise<{ routes: DeclaredRoute[] }> {
  const routes: DeclaredRoute[] = [];
  app.addHook('onRoute', (route) => {
    if (!isDocumentedRoute(route.url)) return;
    const schema = declareErrorAnswers(route);
    declareAccess(route, schema);
    for (const method of [route.method].flat()) if (method !== 'HEAD') routes.push({ method, url: route.url, schema });
  });
  if (config.apiDocs === 'off') return { routes };
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Soul Tribe API',
        version: '1',
        description: `JSON over HTTPS; signed-in routes read the session cookie. Every error answers \`{ "error": { "code", "message", "fields"? } }\`. The realtime events: [socket events](${DOCS_PREFIX}/events).`,
      },
      servers: [{ url: config.publicUrl, description: 'This site (PUBLIC_URL)' }],
      components: { securitySchemes: securitySchemes(createCookieGetter(auth.options)) },
    },
    transform: transformRoute,
    transformObject: (document) => finishDocument(jsonSchemaTransformObject(document)),
  });
  await app.register(swaggerUi, {
    routePrefix: DOCS_PREFIX,
    // Swagger UI would otherwise ask validator.swagger.io to check the document.
    validatorUrl: false,
    // The tags folded and no list of every schema at the end: the page opens on ~25 groups, not
    // ~190 operations, and each operation shows its own schemas when opened.
    uiConfig: {
      deepLinking: true,
      docExpansion: 'none',
      defaultModelsExpandDepth: -1,
      filter: true,
      plugins: swaggerUiPlugins,
    },
  });
  app.get(`${DOCS_PREFIX}/openapi.json`, { schema: { hide: true } }, async () => app.swagger());
  const events = socketEventsDocument();
  app.get(`${DOCS_PREFIX}/events`, { schema: { hide: true } }, async () => events);
  return { routes };
}
