const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** A request that only reads: no Origin check, no write budget, nothing for the kept pages to forget. */
export const isReadMethod = (method: string) => READ_METHODS.has(method);
