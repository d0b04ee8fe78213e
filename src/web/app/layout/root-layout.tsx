import { lazy, Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { AppErrorBoundary } from '@/app/app-error-boundary';
import { PageSpinner } from '@/components/ui/spinner';
import { useProfile } from '@/lib/auth';
import { PageHydrated } from '@/lib/hydrating-context';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import { useScrollToTopOnNavigation } from './use-scroll-to-top';

/**
 * A signed-in person's live connection and what it brings (realtime-bridge.tsx), downloaded once
 * someone is signed in: a visitor's first page (the home page's script budget) carries none of it.
 */
const RealtimeBridge = lazy(() => import('./realtime-bridge').then((module) => ({ default: module.RealtimeBridge })));

function SignedInBridge() {
  const { data: profile } = useProfile();
  if (!profile) return null;
  return (
    <Suspense fallback={null}>
      {/* Keyed by the person: a new sign-in starts a new connection. */}
      <RealtimeBridge key={profile.id} profile={profile} />
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
            <PageHydrated />
          </Suspense>
        </AppErrorBoundary>
      </main>
      <SiteFooter />
      <SignedInBridge />
    </div>
  );
}
