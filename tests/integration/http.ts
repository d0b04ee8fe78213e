import type { LightMyRequestResponse } from 'fastify';
import { TEST_ORIGIN, type TestApp } from './test-app';

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

export interface HttpResponse<T = unknown> {
  status: number;
  body: T;
  headers: LightMyRequestResponse['headers'];
}

/** Speaks HTTP to the app in-process, optionally as a signed-in user (their cookie). */
export function http(app: TestApp, cookie?: string) {
  async function send<T = any>(
    method: Method,
    url: string,
    payload?: unknown,
    headers: Record<string, string> = {},
  ): Promise<HttpResponse<T>> {
    const response = await app.app.inject({
      method,
      url,
      headers: {
        origin: TEST_ORIGIN,
        ...(payload !== undefined && { 'content-type': 'application/json' }),
        ...(cookie && { cookie }),
        ...headers,
      },
      ...(payload !== undefined && { payload: typeof payload === 'string' ? payload : JSON.stringify(payload) }),
    });
    const text = response.body;
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      // Not JSON (HTML or empty): keep the text.
    }
    return { status: response.statusCode, body: body as T, headers: response.headers };
  }
  return {
    get: <T = any>(url: string, headers?: Record<string, string>) => send<T>('GET', url, undefined, headers),
    post: <T = any>(url: string, payload?: unknown, headers?: Record<string, string>) =>
      send<T>('POST', url, payload ?? {}, headers),
    patch: <T = any>(url: string, payload?: unknown, headers?: Record<string, string>) =>
      send<T>('PATCH', url, payload ?? {}, headers),
    put: <T = any>(url: string, payload?: unknown, headers?: Record<string, string>) =>
      send<T>('PUT', url, payload ?? {}, headers),
    delete: <T = any>(url: string, headers?: Record<string, string>) => send<T>('DELETE', url, undefined, headers),
  };
}

/** The cookie header a browser would send back after this response. */
export function cookieFrom(headers: LightMyRequestResponse['headers']): string {
  const setCookie = headers['set-cookie'];
  const list = Array.isArray(setCookie) ? setCookie : setCookie ? [String(setCookie)] : [];
  return list.map((c) => c.split(';')[0]).join('; ');
}
