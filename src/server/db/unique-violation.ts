import { causeOf, errorCode } from '../error-code';

/**
 * Whether a database error is a unique-index violation (SQLSTATE 23505): the database deciding a
 * race. PGlite sets the code on the error; node-postgres through Drizzle wraps it as the cause.
 */
export const isUniqueViolation = (error: unknown) =>
  errorCode(error) === '23505' || errorCode(causeOf(error)) === '23505';
