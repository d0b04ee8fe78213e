import type { z } from 'zod';
import type { CallableEndpoint, Endpoint } from '@shared/api/endpoint';
import { isRecord } from '@shared/records';
import { apiRequest, unexpectedResponseError } from './api';

type RequestPart = 'params' | 'query' | 'body' | 'headers';

/** One part of a call's input: required when its schema requires anything, absent when the endpoint has none. */
type InputPart<E, K extends RequestPart> = E extends { [P in K]: infer S extends z.ZodType }
  ? Partial<z.input<S>> extends z.input<S>
    ? { [P in K]?: z.input<S> }
    : { [P in K]: z.input<S> }
  : { [P in K]?: never };

/** What a call sends: path parameters, query, body and headers, each as its endpoint's schema takes it. */
export type EndpointInput<E extends Endpoint> = InputPart<E, 'params'> &
  InputPart<E, 'query'> &
  InputPart<E, 'body'> &
  InputPart<E, 'headers'>;

type SuccessStatus = 200 | 201 | 202 | 204;

type Answer<S> = S extends z.ZodType ? z.output<S> : unknown;

/** The answer of a call that succeeded: its endpoint's success response, as the schema reads it. */
export type EndpointAnswer<E extends Endpoint> = Answer<E['responses'][Extract<keyof E['responses'], SuccessStatus>]>;

export interface CallOptions {
  signal?: AbortSignal;
  /** Headers the endpoint does not declare. */
  headers?: Record<string, string>;
}

type CallArgs<E extends Endpoint> =
  Partial<EndpointInput<E>> extends EndpointInput<E>
    ? [input?: EndpointInput<E>, options?: CallOptions]
    : [input: EndpointInput<E>, options?: CallOptions];

interface RequestParts {
  params?: Record<string, unknown>;
  query?: Record<string, unknown>;
  body?: unknown;
  headers?: Record<string, unknown>;
}

/** The input's parts, as the overload's EndpointInput typed them for the caller. */
function requestParts(input: unknown): RequestParts {
  if (!isRecord(input)) return {};
  const { params, query, body, headers } = input;
  return {
    params: isRecord(params) ? params : undefined,
    query: isRecord(query) ? query : undefined,
    body,
    headers: isRecord(headers) ? headers : undefined,
  };
}

const present = (entry: [string, unknown]): entry is [string, NonNullable<unknown>] =>
  entry[1] !== undefined && entry[1] !== null;

/** The endpoint's path with each `:name` replaced by its parameter, encoded, and the query after it. */
export function endpointUrl(endpoint: Pick<Endpoint, 'method' | 'path'>, { params = {}, query = {} }: RequestParts) {
  const path = endpoint.path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === null)
      throw new Error(`${endpoint.method} ${endpoint.path} is called without its :${name}`);
    return encodeURIComponent(String(value));
  });
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query).filter(present)) {
    for (const one of Array.isArray(value) ? value : [value]) search.append(name, String(one));
  }
  const queryString = search.toString();
  return queryString ? `${path}?${queryString}` : path;
}

/**
 * Parses an answer with its endpoint's success schemas, where the endpoint still has them: in
 * development and in tests. The browser's production build strips them (vite.config.ts,
 * docs/decisions/069), and takes the answer as declared: the server checked it against the same
 * schema before sending it (response-serializer.ts, decision 037), and checked again here every
 * public page would load zod (25 KB gzip).
 */
function readAnswer(endpoint: CallableEndpoint, data: unknown): unknown {
  const schemas = Object.entries(endpoint.responses ?? {}).filter(([status]) => /^2\d\d$/.test(status));
  if (schemas.length === 0) return data;
  for (const [, schema] of schemas) {
    if ('content' in schema) return data;
    const parsed = schema.safeParse(data);
    if (parsed.success) return parsed.data;
  }
  throw unexpectedResponseError();
}

/**
 * Calls an endpoint of src/shared/api: builds its URL, method, JSON body and headers from the input
 * its schemas take, sends it through apiRequest (the session cookie, ApiError on failure, the
 * server's in-process fetch when rendering), and answers its success response.
 */
export function callApi<E extends Endpoint>(endpoint: E, ...args: CallArgs<E>): Promise<EndpointAnswer<E>>;
export async function callApi(
  endpoint: CallableEndpoint,
  input?: unknown,
  options: CallOptions = {},
): Promise<unknown> {
  const parts = requestParts(input);
  const headers = Object.fromEntries(
    Object.entries(parts.headers ?? {})
      .filter(present)
      .map(([name, value]) => [name, String(value)]),
  );
  const data = await apiRequest(endpointUrl(endpoint, parts), {
    method: endpoint.method,
    body: parts.body,
    signal: options.signal,
    headers: { ...headers, ...options.headers },
  });
  return readAnswer(endpoint, data);
}
