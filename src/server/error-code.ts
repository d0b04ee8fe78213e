/**
 * The `code` an error carries (SQLSTATE, errno name), or undefined: errors from libraries are
 * `unknown` to a catch, and a code is the one thing some callers decide on.
 */
export function errorCode(error: unknown): unknown {
  return typeof error === 'object' && error !== null && 'code' in error ? error.code : undefined;
}

/** The error that `error` wraps (`cause`), when it wraps one. */
export function causeOf(error: unknown): unknown {
  return typeof error === 'object' && error !== null && 'cause' in error ? error.cause : undefined;
}
