/**
 * Typed views of plain objects. `Object.keys` and `Object.fromEntries` widen keys to `string`, so a
 * record built from known keys needs its type restated once: here, rather than at every caller.
 */

/** Anything that is a non-null object, so its fields can be read (each still `unknown`). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** Whether `key` is one of `record`'s own keys, narrowing it to them. */
export function isKeyOf<T extends object>(record: T, key: PropertyKey): key is keyof T {
  return Object.hasOwn(record, key);
}

/** A record's own keys, typed as its keys (it holds no others: records here are built, not extended). */
export function keysOf<K extends string>(record: Partial<Record<K, unknown>>): K[] {
  // biome-ignore lint/plugin: Object.keys widens keys to string; the record was built from keys of K.
  return Object.keys(record) as K[];
}

/** A record with one value for each of `keys`: every key is present, so the widened type is restated. */
export function recordOf<K extends string, V>(
  keys: readonly K[],
  valueFor: (key: K, index: number) => V,
): Record<K, V> {
  // biome-ignore lint/plugin: Object.fromEntries widens keys to string; every key of `keys` is given a value.
  return Object.fromEntries(keys.map((key, index) => [key, valueFor(key, index)])) as Record<K, V>;
}

/** `map` that keeps a list's non-emptiness in its type (drizzle's and zod's enums want a first value). */
export function mapNonEmpty<A extends readonly [unknown, ...unknown[]], U>(
  items: A,
  valueFor: (item: A[number]) => U,
): [U, ...U[]] {
  const [first, ...rest] = items;
  return [valueFor(first), ...rest.map(valueFor)];
}
