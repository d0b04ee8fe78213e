/**
 * Every route path of the web app, so links and the route table never drift apart. Shared: the
 * server answers a path no route matches with a 404 (app-shell.ts), and knows the public pages.
 */
export const paths = {
  home: '/',
  login: '/login',
  signup: '/signup',
  dashboard: '/dashboard',
  dashboardSessions: '/dashboard/sessions',
  dashboardWallet: '/dashboard/wallet',
  dashboardEarnings: '/dashboard/earnings',
  dashboardSchedule: '/dashboard/schedule',
  dashboardSettings: '/dashboard/settings',
  dashboardUsers: '/dashboard/users',
  dashboardAnalytics: '/dashboard/analytics',
  dashboardPayouts: '/dashboard/payouts',
  dashboardPromotions: '/dashboard/promotions',
  dashboardFavorites: '/dashboard/favorites',
  dashboardProfile: '/dashboard/profile',
  dashboardLive: '/dashboard/live',
  dashboardProducts: '/dashboard/products',
  dashboardReports: '/dashboard/reports',
  dashboardApplications: '/dashboard/applications',
  /** Written readings (decision 047): the client's and the reader's threads. */
  dashboardMessages: '/dashboard/messages',
  /** Appointments (decision 048): the client's and the reader's booked readings. */
  dashboardAppointments: '/dashboard/appointments',
  /** Notification preferences, push on this device and installing the app (decision 049), for every role. */
  notificationSettings: '/dashboard/notifications',
  reading: '/reading/:id',
  sessionRequest: '/session/:readerId',
  readers: '/readers',
  readerProfile: '/readers/:username',
  live: '/live',
  liveStream: '/live/:id',
  shop: '/shop',
  shopOrders: '/shop/orders',
  community: '/community',
  communityPost: '/community/:id',
  about: '/about',
  policies: '/policies',
  terms: '/terms',
  privacy: '/privacy',
  help: '/help',
  /** Readers who apply to join (decision 045), and the status page the confirmation mail links to. */
  apply: '/apply',
  applyStatus: '/apply/status',
  resetPassword: '/reset-password',
  devMailbox: '/dev/mailbox',
  account: '/account',
  /** The sandbox's local stand-in for Stripe Checkout (decision 039). */
  sandboxCheckout: '/sandbox/checkout/:id',
} as const;

/** A reader's public profile, by the username they chose (shareable, unlike their id). */
export function readerProfilePath(username: string): string {
  return `/readers/${encodeURIComponent(username)}`;
}
