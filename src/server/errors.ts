import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ZodError } from 'zod';
import { ERROR_CODES, type ErrorCode } from '@shared/errors';

const STATUS_BY_CODE: Record<ErrorCode, number> = {
  BAD_REQUEST: 400,
  BAD_PATH: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  RATE_LIMITED: 429,
  PAYMENT_FAILED: 402,
  INSUFFICIENT_FUNDS: 402,
  PAYMENT_REQUIRED: 402,
  PROMOTION_UNAVAILABLE: 409,
  ON_A_BREAK: 403,
  BLOCKED: 403,
  ACCOUNT_SUSPENDED: 403,
  DEPOSIT_LIMIT: 403,
  TWO_FACTOR_REQUIRED: 403,
  EMAIL_NOT_VERIFIED: 403,
  WALLET_FROZEN: 403,
  PAYOUT_ACCOUNT_REQUIRED: 409,
  SERVER_DRAINING: 503,
  INTERNAL: 500,
};

/** A failure a caller can act on; mapped to an HTTP status in one place (the error handler). */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'AppError';
  }

  get statusCode(): number {
    return STATUS_BY_CODE[this.code];
  }

  toBody() {
    // Details add context (a new rate, a reason); they never replace the code or the message.
    return {
      error: { ...this.details, code: this.code, message: this.message, ...(this.fields && { fields: this.fields }) },
    };
  }
}

export const badRequest = (message: string, fields?: Record<string, string>) =>
  new AppError(ERROR_CODES.badRequest, message, fields);
export const unauthorized = (message = 'Please sign in') => new AppError(ERROR_CODES.unauthorized, message);
export const forbidden = (message = 'You do not have access to this') => new AppError(ERROR_CODES.forbidden, message);
export const notFound = (message = 'Not found') => new AppError(ERROR_CODES.notFound, message);
export const conflict = (message: string, details?: Record<string, unknown>) =>
  new AppError(ERROR_CODES.conflict, message, undefined, details);

/** Field messages from a zod error, keyed by the dotted path (first message per field). */
export function fieldErrors(issues: ZodError['issues']): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path.join('.') || '_';
    fields[key] ??= issue.message;
  }
  return fields;
}

export function fromZodError(error: ZodError, message?: string): AppError {
  const fields = fieldErrors(error.issues);
  const first = Object.entries(fields)[0];
  return badRequest(
    message ?? (first ? `${first[0] === '_' ? '' : `${first[0]}: `}${first[1]}` : 'Invalid input'),
    fields,
  );
}

const CODE_BY_STATUS: Record<number, ErrorCode> = {
  400: ERROR_CODES.badRequest,
  401: ERROR_CODES.unauthorized,
  403: ERROR_CODES.forbidden,
  404: ERROR_CODES.notFound,
  409: ERROR_CODES.conflict,
  413: ERROR_CODES.badRequest,
  414: ERROR_CODES.badRequest,
  415: ERROR_CODES.badRequest,
  429: ERROR_CODES.rateLimited,
};

/**
 * Errors Fastify's router answers before any hook runs (a URL that does not decode, a path
 * parameter over maxParamLength): the same `{ error: { code, message } }` as every other error.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const status = error.statusCode ?? 500;
  if (status < 400 || status >= 500) {
    request.log.error({ err: error }, 'router error');
    return reply
      .status(500)
      .send({ error: { code: ERROR_CODES.internal, message: 'Something went wrong. Please try again.' } });
  }
  const message = status === 414 ? 'The address is too long' : 'The address is not valid';
  return reply.status(status).send({ error: { code: CODE_BY_STATUS[status] ?? ERROR_CODES.badRequest, message } });
}

export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      // RFC 9110: a 429 or 503 says when to come back; clients and proxies read the header, not the body.
      const retryAfterSeconds = error.details?.retryAfterSeconds;
      if ((error.statusCode === 429 || error.statusCode === 503) && typeof retryAfterSeconds === 'number')
        reply.header('retry-after', String(retryAfterSeconds));
      return reply.status(error.statusCode).send(error.toBody());
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const v of error.validation) {
        const path = v.instancePath.replace(/^\//, '').replaceAll('/', '.') || String(v.params?.issue ? '_' : '_');
        fields[path] ??= v.message ?? 'Invalid value';
      }
      const [path, message] = Object.entries(fields)[0] ?? ['_', 'Invalid input'];
      return reply.status(400).send({
        error: { code: ERROR_CODES.badRequest, message: path === '_' ? message : `${path}: ${message}`, fields },
      });
    }
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (status === 500) {
      request.log.error({ err: error }, 'unhandled error');
      return reply
        .status(500)
        .send({ error: { code: ERROR_CODES.internal, message: 'Something went wrong. Please try again.' } });
    }
    return reply
      .status(status)
      .send({ error: { code: CODE_BY_STATUS[status] ?? ERROR_CODES.badRequest, message: error.message } });
  });
}
