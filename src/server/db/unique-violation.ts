/**
 * Whether a database error is a unique-index violation (SQLSTATE 23505): the database deciding a
 * race. PGlite sets the code on the error; node-postgres through Drizzle wraps it as the cause.
 */
export const isUniqueViolation = (error: unknown) =>
  (error as { code?: string }).code === '23505' || (error as { cause?: { code?: string } }).cause?.code === '23505';
