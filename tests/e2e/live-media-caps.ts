/**
 * The live media caps of the end-to-end server (playwright.config.ts passes them as
 * LIVE_P2P_MAX_VIEWERS and LIVE_FORWARDER_MAX_VIEWERS): low, so a test reaches the forwarder and
 * its limit with a handful of browser pages on a two-core machine.
 */
export const E2E_P2P_MAX_VIEWERS = 2;
export const E2E_FORWARDER_MAX_VIEWERS = 1;
