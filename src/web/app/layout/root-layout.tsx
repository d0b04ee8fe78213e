import { lazy, Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { AppErrorBoundary } from '@/app/app-error-boundary';
import { PageSpinner } from '@/components/ui/spinner';
import { useWalletUpdates } from '@/features/wallet/use-wallet-updates';
import { useProfile } from '@/lib/auth';
import { loadSonner } from '@/lib/toast';
import { useSocketConnection } from '@/lib/socket';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import { useScrollToTopOnNavigation } from './use-scroll-to-top';

/** Only readers receive reading requests, so only they download the dialog and its schemas. */
const IncomingRequestDialog = lazy(() =>
  import('@/features/sessions/incoming-request-dialog').then((module) => ({ default: module.IncomingRequestDialog })),
);

/** Only clients queue for a busy reader, so only they download the offer dialog. */
const QueueOfferDialog = lazy(() => import('@/features/queue/queue-offer-dialog').then((module) => ({ default: module.QueueOfferDialog })));

function RealtimeBridge() {
  const { data: profile } = useProfile();
  useSocketConnection(profile?.id ?? null);
  useWalletUpdates();
  // Toasts answer what signed-in people do: their first one should not wait for sonner's download.
  const isSignedIn = Boolean(profile);
  useEffect(() => {
    if (isSignedIn) void loadSonner();
  }, [isSignedIn]);
  if (profile?.role === 'client') {
    return (
      <Suspense fallback={null}>
        <QueueOfferDialog key={profile.id} />
      </Suspense>
    );
  }
  if (profile?.role !== 'reader') return null;
  return (
    <Suspense fallback={null}>
      <IncomingRequestDialog key={profile.id} readerId={profile.id} />
    </Suspense>
  );
}

export function RootLayout() {
  const { pathname } = useLocation();
  useScrollToTopOnNavigation();
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-full bg-primary px-4 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      <SiteHeader />
      {/* A full screen of its own, so the footer starts below the fold and stays there while a
          page's code and data arrive: the page filling in never pushes it down in view (CLS). */}
      <main id="main" className="min-h-dvh flex-1">
        <AppErrorBoundary resetKey={pathname}>
          <Suspense fallback={<PageSpinner />}>
            <Outlet />
          </Suspense>
        </AppErrorBoundary>
      </main>
      <SiteFooter />
      <RealtimeBridge />
    </div>
  );
}
