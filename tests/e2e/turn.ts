/**
 * The end-to-end server's TURN server: Debian's coturn on loopback, started beside it by
 * start-server.ts with this secret (playwright.config.ts passes TURN_URLS and TURN_SECRET), so
 * every reading is offered a relay, and turn-relay.spec.ts holds one through it alone.
 */
export const E2E_TURN_SECRET = 'e2e-turn-secret-not-for-production';

/** A port of its own per checkout, beside the app's E2E_PORT. */
export const e2eTurnPort = (appPort: number) => appPort + 10_000;
export const e2eTurnUrl = (appPort: number) => `turn:127.0.0.1:${e2eTurnPort(appPort)}?transport=udp`;
