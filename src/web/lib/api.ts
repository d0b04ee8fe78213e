import type { ApiFetch } from '@shared/server-render';

/** A failed API call: the HTTP status plus the server's code, message and per-field messages. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields: Record<string, string> | undefined;
  /** The whole error object of the body, for endpoints that add facts beside code and message. */
  readonly details: Record<string, unknown>;

  constructor(
    status: number,
    code: string,
    message: string,
    fields?: Record<string, string>,
    details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.fields = fields;
    this.details = details;
  }
}

const fallbackMessages: Record<number, string> = {
  400: 'Please check what you entered and try again.',
  401: 'Please sign in to continue.',
  403: 'You do not have access to this.',
  404: 'We could not find what you were looking for.',
  409: 'That conflicts with the current state. Please refresh and try again.',
  429: 'Too many attempts. Please wait a moment and try again.',
};

function fallbackMessage(status: number): string {
  return fallbackMessages[status] ?? 'Something went wrong on our side. Please try again.';
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function stringFields(value: unknown): Record<string, string> | undefined {
  if (!isRecord(value)) return undefined;
  const entries = Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string');
  return entries.length > 0 ? Object.fromEntries(entries) : undefined;
}

/**
 * Turns an error response into an ApiError. Our server answers `{ error: { code, message, fields? } }`;
 * Better Auth's own endpoints answer `{ code, message }`; anything else (a proxy's HTML page) gets a
 * message chosen by status.
 */
export function toApiError(status: number, body: unknown): ApiError {
  const statusCode = `HTTP_${status}`;
  if (isRecord(body)) {
    const inner = isRecord(body.error) ? body.error : body;
    const message = typeof inner.message === 'string' && inner.message.trim() ? inner.message : fallbackMessage(status);
    const code = typeof inner.code === 'string' && inner.code ? inner.code : statusCode;
    return new ApiError(status, code, message, stringFields(inner.fields), inner);
  }
  return new ApiError(status, statusCode, fallbackMessage(status));
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export interface ApiRequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  /** Extra request headers, such as the Idempotency-Key of a deposit. */
  headers?: Record<string, string>;
}

/**
 * How a call reaches the API: the browser's fetch, or on the server, rendering a page for a
 * visitor (entry-server.tsx), the server's own routes in process. One for the whole process: the
 * server renders only for visitors, so no call carries anyone's cookie.
 */
let apiFetch: ApiFetch = (path, init) => fetch(path, init);

export function setApiFetch(fetchApi: ApiFetch): void {
  apiFetch = fetchApi;
}

/** Calls our same-origin API with the session cookie and returns the parsed JSON body. */
export async function apiRequest(path: string, options: ApiRequestOptions = {}): Promise<unknown> {
  const { method = options.body === undefined ? 'GET' : 'POST', body, signal, headers } = options;
  let response: Response;
  try {
    response = await apiFetch(path, {
      method,
      credentials: 'include',
      headers: {
        Accept: 'application/json',
        ...(body !== undefined && { 'Content-Type': 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'NETWORK_ERROR', 'We could not reach Soul Tribe. Check your connection and try again.');
  }
  const data = await readJson(response);
  if (!response.ok) throw toApiError(response.status, data);
  return data;
}

/** An answer that does not match the endpoint's contract (a server and client out of step). */
export function unexpectedResponseError(): ApiError {
  return new ApiError(200, 'BAD_RESPONSE', 'We received an unexpected answer. Please try again.');
}
