type Headers = Record<string, string | string[] | undefined>;

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

function originOf(url: string): string | undefined {
  return URL.canParse(url) ? new URL(url).origin : undefined;
}

/**
 * Whether a request may act with the cookie it carries (cross-site request forgery and
 * cross-site WebSocket hijacking). Mirrors Better Auth's rule for its own routes, so every
 * route answers alike:
 * - an Origin header must be one of ours ('null', a sandboxed or opaque page, is not);
 * - without one, the Referer's origin must be one of ours;
 * - with neither, a browser's `Sec-Fetch-Site: same-origin` (pages cannot set it) is ours: a
 *   same-origin GET, such as Socket.IO's polling handshake, carries no Origin;
 * - with none of these, only a request without a cookie passes: it has no ambient credentials,
 *   so it can do nothing a forged request could abuse (curl, health checks).
 * See docs/decisions/010-edge-input-origins-and-locks.md.
 */
export function isTrustedOrigin(headers: Headers, trustedOrigins: readonly string[]): boolean {
  const origin = first(headers.origin);
  if (origin) return trustedOrigins.includes(origin);
  const referer = first(headers.referer);
  if (referer) {
    const refererOrigin = originOf(referer);
    return refererOrigin !== undefined && trustedOrigins.includes(refererOrigin);
  }
  if (first(headers['sec-fetch-site']) === 'same-origin') return true;
  return !headers.cookie;
}
