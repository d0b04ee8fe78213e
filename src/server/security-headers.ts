import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/**
 * Helmet's security headers on every answer, its middleware built once at start. (@fastify/helmet
 * built Helmet again for every request, parsing the CSP each time: 3% of a directory request's CPU.)
 * The dev server (Vite's modules and its client) gets no CSP.
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
  // Helmet sets its headers synchronously, and throws (since 8.1) rather than pass an error on.
  app.addHook('onRequest', (request, reply, done) => setHeaders(request.raw, reply.raw, () => done()));
}
