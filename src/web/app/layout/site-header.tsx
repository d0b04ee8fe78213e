import { Menu, X } from 'lucide-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import type { AuthMode } from '@/features/auth/auth-dialog';
import { useProfile } from '@/lib/auth';
import { paths } from '@/lib/paths';
import { Brand } from './brand';
import { CartEntry } from './cart-entry';
import { NavLinks } from './nav-links';
import { ThemeToggle } from './theme-toggle';
import { UserAvatar } from './user-avatar';

/** The forms and their validation are only needed once someone opens the dialog. */
const loadAuthDialog = () => import('@/features/auth/auth-dialog');
const AuthDialog = lazy(() => loadAuthDialog().then((module) => ({ default: module.AuthDialog })));

/** The menu's popper and focus handling are only downloaded by signed-in users. */
const UserMenu = lazy(() => import('./user-menu').then((module) => ({ default: module.UserMenu })));

/** The bell fetches and parses notifications (zod): signed-in users only, off the home page's budget. */
// Only a signed-in header shows money: its code (with the earnings query) stays off a visitor's
// first page, the home page's budget (decision 007: it once put the page 0.44 KB over).
const loadHeaderMoney = () => import('./header-money');
const HeaderMoneyChips = lazy(() => loadHeaderMoney().then((module) => ({ default: module.HeaderMoneyChips })));
const HeaderMoneyRows = lazy(() => loadHeaderMoney().then((module) => ({ default: module.HeaderMoneyRows })));
const NotificationBell = lazy(() =>
  import('@/features/notifications/notification-bell').then((module) => ({ default: module.NotificationBell })),
);

const MOBILE_MENU_ID = 'mobile-menu';

export function SiteHeader() {
  const { data: profile, isPending } = useProfile();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [isMenuOpen, setIsMenuOpen] = useState(false);
  const [authMode, setAuthMode] = useState<AuthMode | null>(null);
  const [hasOpenedAuth, setHasOpenedAuth] = useState(false);

  // A route change from anywhere (a link in the page, the back button) must not leave the menu or
  // dialog open; adjusting state during render avoids a frame where both are still visible.
  const [shownPath, setShownPath] = useState(pathname);
  if (shownPath !== pathname) {
    setShownPath(pathname);
    setIsMenuOpen(false);
    setAuthMode(null);
  }

  useEffect(() => {
    if (!isMenuOpen) return;
    const onKeyDown = (event: KeyboardEvent) => event.key === 'Escape' && setIsMenuOpen(false);
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [isMenuOpen]);

  const openAuth = (mode: AuthMode) => {
    setIsMenuOpen(false);
    setHasOpenedAuth(true);
    setAuthMode(mode);
  };
  const closeMenu = () => setIsMenuOpen(false);

  const authButtons = (layout: 'row' | 'column') => (
    <div className={layout === 'row' ? 'flex items-center gap-2' : 'grid grid-cols-2 gap-2'}>
      <Button
        variant="ghost"
        onClick={() => openAuth('sign-in')}
        onPointerEnter={loadAuthDialog}
        onFocus={loadAuthDialog}
      >
        Sign In
      </Button>
      <Button onClick={() => openAuth('sign-up')} onPointerEnter={loadAuthDialog} onFocus={loadAuthDialog}>
        Get Started
      </Button>
    </div>
  );

  return (
    <header className="sticky top-0 z-40 border-b border-border/70 bg-background/80 backdrop-blur-md">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-3 px-4 sm:px-6">
        <Brand onNavigate={closeMenu} />
        <nav aria-label="Main" className="mx-auto hidden md:block">
          <NavLinks orientation="horizontal" />
        </nav>
        <div className="ml-auto flex items-center gap-1 sm:gap-2 md:ml-0">
          {/* A signed-in phone header holds the cart, the bell and the avatar: the theme moves into the menu. */}
          <span className={profile ? 'hidden sm:inline-flex' : 'inline-flex'}>
            <ThemeToggle />
          </span>
          <CartEntry />
          {profile ? (
            <>
              <Suspense fallback={null}>
                <NotificationBell key={profile.id} />
              </Suspense>
              <span className="hidden items-center gap-2 sm:inline-flex">
                <Suspense fallback={<Skeleton className="h-8 w-24 rounded-full" />}>
                  <HeaderMoneyChips profile={profile} />
                </Suspense>
              </span>
              <Suspense
                fallback={<UserAvatar name={profile.fullName} email={profile.email} avatarUrl={profile.avatarUrl} />}
              >
                <UserMenu profile={profile} />
              </Suspense>
            </>
          ) : isPending ? (
            <Skeleton className="h-9 w-24 rounded-full" />
          ) : (
            <div className="hidden md:block">{authButtons('row')}</div>
          )}
          <Button
            variant="ghost"
            size="icon"
            className="md:hidden"
            aria-expanded={isMenuOpen}
            aria-controls={MOBILE_MENU_ID}
            aria-label={isMenuOpen ? 'Close menu' : 'Open menu'}
            onClick={() => setIsMenuOpen((open) => !open)}
          >
            {isMenuOpen ? <X aria-hidden="true" /> : <Menu aria-hidden="true" />}
          </Button>
        </div>
      </div>
      {isMenuOpen ? (
        <div id={MOBILE_MENU_ID} className="border-t border-border/70 bg-background/95 px-4 pt-3 pb-5 md:hidden">
          <nav aria-label="Mobile">
            <NavLinks orientation="vertical" onNavigate={closeMenu} />
          </nav>
          <div className="mt-4 border-t border-border/70 pt-4">
            {profile ? (
              <div onClickCapture={closeMenu}>
                <Suspense fallback={<Skeleton className="h-8 w-full" />}>
                  <HeaderMoneyRows profile={profile} />
                </Suspense>
              </div>
            ) : isPending ? null : (
              authButtons('column')
            )}
            {profile ? (
              <div className="mt-3 flex items-center justify-between gap-3 sm:hidden">
                <span className="text-sm text-muted-foreground">Theme</span>
                <ThemeToggle />
              </div>
            ) : null}
          </div>
        </div>
      ) : null}
      {hasOpenedAuth ? (
        <Suspense fallback={null}>
          <AuthDialog
            mode={authMode}
            onModeChange={setAuthMode}
            onSuccess={() => {
              setAuthMode(null);
              void navigate(paths.dashboard);
            }}
          />
        </Suspense>
      ) : null}
    </header>
  );
}
