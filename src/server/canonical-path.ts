/**
 * Percent-encoded unreserved characters (RFC 3986 §2.3: letters, digits, `-._~`). The router
 * decodes them, so `/%61pi/…` reaches `/api/…`'s handler while a guard reading the raw URL sees
 * another path; the canonical spelling writes them plainly.
 */
const ENCODED_UNRESERVED = /%(?:[46][1-9A-F]|[57][0-9A]|3[0-9]|2[DE]|5F|7E)/i;
/** An encoded or backslash separator: no route has one, and some parsers read it as `/`. */
const SEPARATOR_TRICK = /\\|%2F|%5C/i;

/**
 * Whether the URL's path is written the one way a browser writes it: starts with `/`, has no `.`
 * or `..` segment, no empty segment (`//`) except a trailing slash, no encoded unreserved
 * character and no encoded or backslash separator. Guards (the Origin check, rate limits, sign-in
 * checks) and the router must see the same path; a path that two readers could read differently
 * is refused before either reads it (docs/decisions/033-one-canonical-path.md).
 */
export function isCanonicalPath(url: string): boolean {
  const queryAt = url.search(/[?#]/);
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  if (!path.startsWith('/') || SEPARATOR_TRICK.test(path) || ENCODED_UNRESERVED.test(path)) return false;
  const segments = path.slice(1).split('/');
  return segments.every(
    (segment, index) => segment !== '.' && segment !== '..' && (segment !== '' || index === segments.length - 1),
  );
}
