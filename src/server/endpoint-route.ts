import type {
  ContextConfigDefault,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
  onRequestHookHandler,
  RouteShorthandOptions,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Endpoint } from '@shared/api/endpoint';
import type { Auth } from './auth/auth';
import { requireUser } from './features/auth';

/** Where a feature registers its routes: the app, and the sign-in check its guarded endpoints need. */
export interface EndpointRoutes {
  app: FastifyInstance;
  /** Needed by any endpoint that is not public; a feature whose routes are all public has none. */
  auth?: Auth;
}

/**
 * The endpoint's schemas under Fastify's names, which type the handler's request and reply (a part
 * the endpoint does not declare is `unknown`, as on any Fastify route without it).
 */
export interface EndpointSchema<E extends Endpoint> {
  params: E['params'];
  querystring: E['query'];
  body: E['body'];
  headers: E['headers'];
  response: E['responses'];
}

export type EndpointHandler<E extends Endpoint> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  ContextConfigDefault,
  EndpointSchema<E>,
  ZodTypeProvider
>;

/**
 * What a route adds to its endpoint: rate limits or flags in `config`, a body limit, a rate limiter
 * before the handler, or `attachValidation` for a handler that checks the body itself, to refuse it
 * with its own message.
 */
export type RouteExtras = Pick<RouteShorthandOptions, 'config' | 'bodyLimit' | 'preHandler' | 'attachValidation'> & {
  /** Run on request after the access guard (a public route's own limit, as the webhook's on forged posts). */
  onRequest?: onRequestHookHandler[];
};

function accessGuard(endpoint: Endpoint, auth: Auth | undefined) {
  if (endpoint.access === 'public') return undefined;
  if (!auth) throw new Error(`${endpoint.method} ${endpoint.path} needs a signed-in caller: pass auth to its routes`);
  return endpoint.access === 'signed-in' ? requireUser(auth) : requireUser(auth, ...endpoint.access);
}

/**
 * The object without its undefined properties, which read as undefined all the same: Fastify warns
 * (FSTWRN001) of a request part declared as undefined, as a part the endpoint does not have would be.
 */
function withoutUndefined<T extends object>(value: T): T;
function withoutUndefined(value: object): object {
  return Object.fromEntries(Object.entries(value).filter(([, part]) => part !== undefined));
}

/**
 * Registers the route an endpoint declares (src/shared/api): its method and path, its schemas (the
 * requests Fastify checks, the answers the response serializer checks, the OpenAPI document), and its
 * access as an onRequest guard, run before the body is read so a signed-out caller learns nothing
 * about inputs. The OpenAPI document reads the operation's security from that guard, as it does for
 * every route (api-docs.ts), unless the endpoint names the cookies a public route reads.
 */
export function route<E extends Endpoint>(api: EndpointRoutes, endpoint: E, handler: EndpointHandler<E>): void;
export function route<E extends Endpoint>(
  api: EndpointRoutes,
  endpoint: E,
  extras: RouteExtras,
  handler: EndpointHandler<E>,
): void;
export function route<E extends Endpoint>(
  { app, auth }: EndpointRoutes,
  endpoint: E,
  extrasOrHandler: RouteExtras | EndpointHandler<E>,
  lastHandler?: EndpointHandler<E>,
): void {
  const [extras, handler] =
    typeof extrasOrHandler === 'function' ? [{}, extrasOrHandler] : [extrasOrHandler, lastHandler];
  if (!handler) throw new Error(`${endpoint.method} ${endpoint.path} has no handler`);
  const { onRequest: extraOnRequest = [], ...options } = extras;
  const guard = accessGuard(endpoint, auth);
  const onRequest = guard ? [guard, ...extraOnRequest] : extraOnRequest;
  app.withTypeProvider<ZodTypeProvider>().route<RouteGenericInterface, ContextConfigDefault, EndpointSchema<E>>({
    ...options,
    method: endpoint.method,
    url: endpoint.path,
    ...(onRequest.length > 0 && { onRequest }),
    schema: withoutUndefined({
      params: endpoint.params,
      querystring: endpoint.query,
      body: endpoint.body,
      headers: endpoint.headers,
      // A copy: the docs add the error answers to a route's own response map (api-docs.ts).
      response: { ...endpoint.responses },
      summary: endpoint.summary,
      tags: [endpoint.tag],
      security: endpoint.security,
    }),
    handler,
  });
}
