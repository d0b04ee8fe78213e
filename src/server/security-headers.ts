import { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/**
 * Helmet's security headers on every answer, worked out once at start. (@fastify/helmet built
 * Helmet again for every request, parsing the CSP each time: 3% of a directory request's CPU; then
 * Helmet's middleware, run for every request, wrote the same twelve values one by one: 5% of the
 * cheapest request's, decision 064.) The dev server (Vite's modules and its client) gets no CSP.
 */
export function registerSecurityHeaders(app: FastifyInstance, options: { isDevServer: boolean; hsts: boolean }) {
  const setHeaders = helmet({
    contentSecurityPolicy: options.isDevServer
      ? false
      : {
          directives: {
            defaultSrc: ["'self'"],
            imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
            // Radix and sonner set inline styles at run time.
            styleSrc: ["'self'", "'unsafe-inline'"],
            connectSrc: ["'self'"],
            mediaSrc: ["'self'", 'blob:'],
            fontSrc: ["'self'", 'data:'],
            objectSrc: ["'none'"],
            frameAncestors: ["'none'"],
            upgradeInsecureRequests: null,
          },
        },
    crossOriginEmbedderPolicy: false,
    hsts: options.hsts,
  });
  // Helmet's values depend on nothing in the request with these options (no CSP nonce): the headers
  // it writes on one response are those of every response.
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: unknown) => {
      headers[name] = String(value);
    },
    removeHeader: () => undefined,
  };
  setHeaders(
    Object.create(IncomingMessage.prototype),
    Object.assign(Object.create(ServerResponse.prototype), recorder),
    () => undefined,
  );
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
