/**
 * Whether this page was served by the service worker from its cache because the network was down
 * (src/web/sw/sw.ts marks the app shell it serves then): the layout shows the offline page instead
 * of a page whose data cannot arrive.
 */
export const isServedOffline = (): boolean => document.querySelector('meta[name="soul-tribe-offline"]') !== null;
