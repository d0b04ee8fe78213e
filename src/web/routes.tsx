import { type ComponentType, lazy } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { RequireAuth, RequireGuest } from './app/guards';
import { RootLayout } from './app/layout/root-layout';
import { RouteError } from './app/route-error';
import { paths, policiesPath } from './lib/paths';

/** Loads one named page component on first visit, so the home page ships only its own code. */
function lazyPage(load: () => Promise<ComponentType>) {
  const Page = lazy(async () => ({ default: await load() }));
  return <Page />;
}

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      {
        // A page that fails keeps the header and footer around its error message.
        errorElement: <RouteError />,
        children: [
          { path: paths.home, element: lazyPage(() => import('./features/pages/home-page').then((m) => m.HomePage)) },
          { path: paths.readers, element: lazyPage(() => import('./features/readers/readers-page').then((m) => m.ReadersPage)) },
          {
            path: paths.readerProfile,
            element: lazyPage(() => import('./features/reader-profile/reader-profile-page').then((m) => m.ReaderProfilePage)),
          },
          { path: paths.live, element: lazyPage(() => import('./features/live/live-page').then((m) => m.LivePage)) },
          // Public: a visitor sees what is on and is asked to sign in to watch and chat.
          { path: paths.liveStream, element: lazyPage(() => import('./features/live/live-stream-page').then((m) => m.LiveStreamPage)) },
          { path: paths.shop, element: lazyPage(() => import('./features/shop/shop-page').then((m) => m.ShopPage)) },
          { path: paths.community, element: lazyPage(() => import('./features/community/community-page').then((m) => m.CommunityPage)) },
          // Public like the list: a visitor reads a thread and signs in to reply or like.
          { path: paths.communityPost, element: lazyPage(() => import('./features/community/thread-page').then((m) => m.ThreadPage)) },
          { path: paths.about, element: lazyPage(() => import('./features/pages/about-page').then((m) => m.AboutPage)) },
          { path: paths.policies, element: lazyPage(() => import('./features/pages/policies-page').then((m) => m.PoliciesPage)) },
          { path: paths.terms, element: <Navigate to={policiesPath('terms')} replace /> },
          { path: paths.privacy, element: <Navigate to={policiesPath('privacy')} replace /> },
          { path: paths.help, element: lazyPage(() => import('./features/pages/help-page').then((m) => m.HelpPage)) },
          { path: paths.apply, element: lazyPage(() => import('./features/reader-applications/apply-page').then((m) => m.ApplyPage)) },
          // Public: the applicant follows their application by the link in the confirmation mail.
          {
            path: paths.applyStatus,
            element: lazyPage(() => import('./features/reader-applications/application-status-page').then((m) => m.ApplicationStatusPage)),
          },
          // Public: a reset link may be opened signed in or out.
          { path: paths.resetPassword, element: lazyPage(() => import('./features/auth/reset-password-page').then((m) => m.ResetPasswordPage)) },
          // The server answers its API outside production only; in production the page says it failed.
          { path: paths.devMailbox, element: lazyPage(() => import('./features/account/mailbox-page').then((m) => m.MailboxPage)) },
          {
            element: <RequireGuest />,
            children: [
              { path: paths.login, element: lazyPage(() => import('./features/auth/login-page').then((m) => m.LoginPage)) },
              { path: paths.signup, element: lazyPage(() => import('./features/auth/signup-page').then((m) => m.SignupPage)) },
            ],
          },
          {
            element: <RequireAuth />,
            children: [
              { path: `${paths.dashboard}/*`, element: lazyPage(() => import('./features/dashboard/dashboard-page').then((m) => m.DashboardPage)) },
              { path: paths.reading, element: lazyPage(() => import('./features/sessions/reading-page').then((m) => m.ReadingPage)) },
              {
                path: paths.sessionRequest,
                element: lazyPage(() => import('./features/sessions/session-request-page').then((m) => m.SessionRequestPage)),
              },
              { path: paths.shopOrders, element: lazyPage(() => import('./features/shop/orders-page').then((m) => m.OrdersPage)) },
              { path: paths.account, element: lazyPage(() => import('./features/account/account-page').then((m) => m.AccountPage)) },
              {
                path: paths.sandboxCheckout,
                element: lazyPage(() => import('./features/wallet/sandbox-checkout-page').then((m) => m.SandboxCheckoutPage)),
              },
            ],
          },
          { path: '*', element: lazyPage(() => import('./features/pages/not-found-page').then((m) => m.NotFoundPage)) },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
