import { AppError } from './errors';

/** Deeper than any request or socket payload of ours (a WebRTC signal is 4 levels). */
export const MAX_INPUT_DEPTH = 32;

export const NUL_MESSAGE = 'Text may not contain NUL characters';
export const TOO_DEEP_MESSAGE = `Input may not be nested more than ${MAX_INPUT_DEPTH} levels deep`;

/**
 * Refuses input that would fail below the API instead of in it: PostgreSQL text cannot hold NUL
 * (PGlite throws, a 500), and deep nesting overflows the stack of recursive code further on
 * (JSON.stringify, schema validation). Walks with its own stack, so any depth is checked safely.
 * Returns the value, so a caller can write `schema.parse(assertSafeInput(payload))`.
 */
export function assertSafeInput<T>(value: T, maxDepth = MAX_INPUT_DEPTH): T {
  const pending: { value: unknown; depth: number }[] = [{ value, depth: 0 }];
  while (pending.length > 0) {
    const { value: item, depth } = pending.pop()!;
    if (typeof item === 'string') {
      if (item.includes('\u0000')) throw new AppError('BAD_REQUEST', NUL_MESSAGE);
      continue;
    }
    if (typeof item !== 'object' || item === null) continue;
    if (depth >= maxDepth) throw new AppError('BAD_REQUEST', TOO_DEEP_MESSAGE);
    if (Array.isArray(item)) {
      for (const child of item) pending.push({ value: child, depth: depth + 1 });
      continue;
    }
    for (const [key, child] of Object.entries(item)) {
      if (key.includes('\u0000')) throw new AppError('BAD_REQUEST', NUL_MESSAGE);
      pending.push({ value: child, depth: depth + 1 });
    }
  }
  return value;
}
