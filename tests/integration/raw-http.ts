import { request } from 'node:http';

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: any;
}

/**
 * Sends a request with its path exactly as written, over a real socket. fetch() and Fastify's
 * inject() both resolve `./` and `../` before sending, as browsers do; an attacker's client does
 * not, so tests of path tricks must not either.
 */
export function rawHttp(baseUrl: string, defaults: { origin?: string; cookie?: string } = {}) {
  const { hostname, port } = new URL(baseUrl);
  return (method: string, path: string, options: { body?: unknown; headers?: Record<string, string> } = {}) =>
    new Promise<RawResponse>((resolve, reject) => {
      const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
      const headers: Record<string, string> = {
        ...(defaults.origin && { origin: defaults.origin }),
        ...(defaults.cookie && { cookie: defaults.cookie }),
        ...(payload !== undefined && {
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(payload)),
        }),
        ...options.headers,
      };
      const sent = request({ hostname, port, method, path, headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let body: unknown = text;
          try {
            body = text ? JSON.parse(text) : undefined;
          } catch {
            // HTML or empty: keep the text.
          }
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body });
        });
      });
      sent.on('error', reject);
      sent.end(payload);
    });
}
