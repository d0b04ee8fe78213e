import { type ComponentType, lazy, useState } from 'react';
import { matchRoutes, Navigate, type RouteObject, useRoutes } from 'react-router';
import { RequireAuth, RequireGuest } from './app/guards';
import { RootLayout } from './app/layout/root-layout';
import { HomePage } from './features/pages/home-page';
import { paths, policiesPath } from './lib/paths';
import { isRecord } from '@shared/records';

/** Each lazy page's loader, by the element that shows it: preloadPage finds the one a URL needs. */
const pageLoaders = new WeakMap<object, () => Promise<unknown>>();

/**
 * Loads one named page component on first visit, so the home page ships only its own code. A page
 * preloaded before it first renders (preloadPage) renders at once instead of suspending.
 */
function lazyPage(load: () => Promise<ComponentType>) {
  let loaded: ComponentType | undefined;
  let loading: Promise<ComponentType> | undefined;
  const loadOnce = () => {
    loading ??= load().then((component) => {
      loaded = component;
      return component;
    });
    return loading;
  };
  const Lazy = lazy(async () => ({ default: await loadOnce() }));
  function Page() {
    // Chosen once per mount: switching from Lazy to the loaded component later would remount the page.
    const [Component] = useState(() => loaded ?? Lazy);
    return <Component />;
  }
  const element = <Page />;
  pageLoaders.set(element, loadOnce);
  return element;
}

/**
 * Declarative routing (useRoutes under a BrowserRouter, decision 044), not the data router: no
 * loaders or actions are used, and the data router cost 17 KB gzip more on every page. A page that
 * fails is caught by RootLayout's error boundary, so the header and footer stay around its message.
 */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      {
        children: [
          // In the entry, not lazy: most visits start here, and a lazy chunk would be fetched only
          // once the entry has run (a second round trip before the hero paints) and as a dozen small
          // shared chunks (card, badge, icons…) that pushed the page over 15 requests.
          { path: paths.home, element: <HomePage /> },
          {
            path: paths.readers,
            element: lazyPage(() => import('./features/readers/readers-page').then((m) => m.ReadersPage)),
          },
          {
            path: paths.readerProfile,
            element: lazyPage(() =>
              import('./features/reader-profile/reader-profile-page').then((m) => m.ReaderProfilePage),
            ),
          },
          { path: paths.live, element: lazyPage(() => import('./features/live/live-page').then((m) => m.LivePage)) },
          // Public: a visitor sees what is on and is asked to sign in to watch and chat.
          {
            path: paths.liveStream,
            element: lazyPage(() => import('./features/live/live-stream-page').then((m) => m.LiveStreamPage)),
          },
          { path: paths.shop, element: lazyPage(() => import('./features/shop/shop-page').then((m) => m.ShopPage)) },
          {
            path: paths.community,
            element: lazyPage(() => import('./features/community/community-page').then((m) => m.CommunityPage)),
          },
          // Public like the list: a visitor reads a thread and signs in to reply or like.
          {
            path: paths.communityPost,
            element: lazyPage(() => import('./features/community/thread-page').then((m) => m.ThreadPage)),
          },
          {
            path: paths.about,
            element: lazyPage(() => import('./features/pages/about-page').then((m) => m.AboutPage)),
          },
          {
            path: paths.policies,
            element: lazyPage(() => import('./features/pages/policies-page').then((m) => m.PoliciesPage)),
          },
          { path: paths.terms, element: <Navigate to={policiesPath('terms')} replace /> },
          { path: paths.privacy, element: <Navigate to={policiesPath('privacy')} replace /> },
          { path: paths.help, element: lazyPage(() => import('./features/pages/help-page').then((m) => m.HelpPage)) },
          {
            path: paths.apply,
            element: lazyPage(() => import('./features/reader-applications/apply-page').then((m) => m.ApplyPage)),
          },
          // Public: the applicant follows their application by the link in the confirmation mail.
          {
            path: paths.applyStatus,
            element: lazyPage(() =>
              import('./features/reader-applications/application-status-page').then((m) => m.ApplicationStatusPage),
            ),
          },
          // Public: a reset link may be opened signed in or out.
          {
            path: paths.resetPassword,
            element: lazyPage(() => import('./features/auth/reset-password-page').then((m) => m.ResetPasswordPage)),
          },
          // The server answers its API outside production only; in production the page says it failed.
          {
            path: paths.devMailbox,
            element: lazyPage(() => import('./features/account/mailbox-page').then((m) => m.MailboxPage)),
          },
          {
            element: <RequireGuest />,
            children: [
              {
                path: paths.login,
                element: lazyPage(() => import('./features/auth/login-page').then((m) => m.LoginPage)),
              },
              {
                path: paths.signup,
                element: lazyPage(() => import('./features/auth/signup-page').then((m) => m.SignupPage)),
              },
            ],
          },
          {
            element: <RequireAuth />,
            children: [
              {
                path: `${paths.dashboard}/*`,
                element: lazyPage(() => import('./features/dashboard/dashboard-page').then((m) => m.DashboardPage)),
              },
              {
                path: paths.reading,
                element: lazyPage(() => import('./features/sessions/reading-page').then((m) => m.ReadingPage)),
              },
              {
                path: paths.sessionRequest,
                element: lazyPage(() =>
                  import('./features/sessions/session-request-page').then((m) => m.SessionRequestPage),
                ),
              },
              {
                path: paths.shopOrders,
                element: lazyPage(() => import('./features/shop/orders-page').then((m) => m.OrdersPage)),
              },
              {
                path: paths.account,
                element: lazyPage(() => import('./features/account/account-page').then((m) => m.AccountPage)),
              },
              {
                path: paths.sandboxCheckout,
                element: lazyPage(() =>
                  import('./features/wallet/sandbox-checkout-page').then((m) => m.SandboxCheckoutPage),
                ),
              },
            ],
          },
          { path: '*', element: lazyPage(() => import('./features/pages/not-found-page').then((m) => m.NotFoundPage)) },
        ],
      },
    ],
  },
];

export function AppRoutes() {
  return useRoutes(routes);
}

/** Starts downloading the page a URL shows; resolves when it can render without suspending. */
export async function preloadPage(pathname: string): Promise<void> {
  const matches = matchRoutes(routes, pathname) ?? [];
  await Promise.all(
    matches.map(({ route: { element } }) => (isRecord(element) ? pageLoaders.get(element)?.() : undefined)),
  );
}
