import type { FastifyInstance } from 'fastify';
import { ERROR_CODES } from '@shared/errors';
import { isCanonicalPath } from './canonical-path';
import type { Config } from './config';
import { AppError, forbidden } from './errors';
import { assertSafeInput } from './input-guard';
import { isReadMethod } from './read-methods';
import { isTrustedOrigin } from './trusted-origin';

/**
 * The checks every request passes, whatever its route. They take Fastify's callback form: an async
 * hook costs each request a promise and a turn of the microtask queue, for checks that never wait (decision 064).
 */
export function registerRequestGuards(app: FastifyInstance, trustedOrigins: Config['trustedOrigins']) {
  // First of all hooks, so every guard after it reads the path the router matched (canonical-path.ts).
  app.addHook('onRequest', (request, _reply, done) => {
    done(
      isCanonicalPath(request.url)
        ? undefined
        : new AppError(ERROR_CODES.badPath, 'The address is not in its plain form'),
    );
  });
  // Before any route's own hooks: a foreign page must not act with the user's cookie (CSRF). Every
  // state-changing request, whatever its path: a check that depends on the path's spelling can be
  // walked around (/%61pi/…, decision 033).
  app.addHook('onRequest', (request, _reply, done) => {
    const isForeignWrite = !isReadMethod(request.method) && !isTrustedOrigin(request.headers, trustedOrigins);
    done(isForeignWrite ? forbidden('This request did not come from this site') : undefined);
  });
  // After sign-in checks (onRequest), before validation and handlers; see input-guard.ts.
  app.addHook('preValidation', (request, _reply, done) => {
    try {
      assertSafeInput(request.params);
      assertSafeInput(request.query);
      assertSafeInput(request.body);
      done();
    } catch (error) {
      done(error instanceof Error ? error : new Error(String(error)));
    }
  });
}
