import type { z } from 'zod';
import type { Role } from '../constants';

/** Who may call an endpoint: anyone, anyone signed in, or a signed-in person of one of these roles. */
export type EndpointAccess = 'public' | 'signed-in' | readonly [Role, ...Role[]];

/**
 * Where every endpoint's path begins (`Endpoint['path']`): what the service worker leaves to the
 * network, whatever the endpoint.
 */
export const API_PREFIX = '/api';

/**
 * One way into a public endpoint that reads a cookie when it is there, by the security schemes the
 * OpenAPI document declares (src/server/api-docs.ts); `{}` is the way in without any.
 */
export type CookieRequirement = Readonly<Partial<Record<'session' | 'twoFactorChallenge', readonly []>>>;

/**
 * What a call needs of its endpoint, and all the browser's production build keeps of each object
 * (vite.config.ts endpointsWithoutSchemas, docs/decisions/069): without the schemas the public pages
 * load no zod, and without the summaries a page that calls one endpoint of a feature carries little
 * of the others'.
 */
export const ENDPOINT_CALL_KEYS = ['method', 'path'] as const;

/**
 * An answer the route sends as it is (a download's text), by content type: its schema documents the
 * file in the OpenAPI document, and nothing checks it (Fastify's own form for such a response).
 */
export interface SentAsIsResponse {
  content: { readonly [contentType: string]: { schema: z.ZodType } };
}

/**
 * One endpoint of the API, declared once for both sides: the server registers its route from it
 * (src/server/endpoint-route.ts) and the web app calls it through it (src/web/lib/api-client.ts).
 * `path` is in Fastify's syntax (`/api/readers/:id`); `responses` maps each status the route
 * answers on success to its schema (errors have one shape for every route, api-docs.ts).
 */
export interface Endpoint {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: `${typeof API_PREFIX}/${string}`;
  access: EndpointAccess;
  /** One line in plain words: what the call does for its caller (the OpenAPI document's summary). */
  summary: string;
  /** The feature it belongs to, as named in src/shared/api (the OpenAPI document's tag). */
  tag: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  headers?: z.ZodType;
  responses: { readonly [status: number]: z.ZodType | SentAsIsResponse };
  /**
   * A public endpoint's cookies, as the OpenAPI document's security lists them, where the access
   * alone would say none: Better Auth's routes that read the session when there is one, or take the
   * two-factor challenge instead. Any other endpoint's security follows from its access.
   */
  security?: readonly CookieRequirement[];
}

/**
 * An endpoint as the browser's production build may have it: its method and path only. Code that
 * runs in the browser reads anything else through this type.
 */
export type CallableEndpoint = Pick<Endpoint, (typeof ENDPOINT_CALL_KEYS)[number]> &
  Partial<Omit<Endpoint, (typeof ENDPOINT_CALL_KEYS)[number]>>;

/**
 * Declares an endpoint, keeping its literal types (method, path, each schema) for the route's
 * handler and the web's call. Written as `defineEndpoint({ key: value, … })` with plain properties
 * only (no spread, no computed keys): the build's plugin reads that form (strip-schemas.ts). Marked
 * free of side effects, so a bundler drops a feature's endpoints where nothing uses them.
 */
/*@__NO_SIDE_EFFECTS__*/
export function defineEndpoint<const E extends Endpoint>(endpoint: E): E {
  return endpoint;
}
