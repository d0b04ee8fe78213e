import { Navigate, Outlet, useLocation, useSearchParams } from 'react-router';
import { PageSpinner } from '@/components/ui/spinner';
import { useProfile } from '@/lib/auth';
import { loginPath, REDIRECT_PARAM } from '@/lib/paths';
import { safeRedirectPath } from '@/lib/redirect';

/**
 * Pages for signed-in users. A visitor goes to /login carrying the page asked for, so sign-in can
 * bring them back; a failed profile load counts as signed out (SPEC.md 'Dashboard').
 */
export function RequireAuth() {
  const { data: profile, isPending } = useProfile();
  const location = useLocation();
  if (isPending) return <PageSpinner label="Checking your sign-in" />;
  if (!profile) return <Navigate to={loginPath(`${location.pathname}${location.search}${location.hash}`)} replace />;
  return <Outlet />;
}

/** /login and /signup: a signed-in user is sent on to where they were going, /dashboard by default. */
export function RequireGuest() {
  const { data: profile, isPending } = useProfile();
  const [searchParams] = useSearchParams();
  if (isPending) return <PageSpinner label="Checking your sign-in" />;
  if (profile) return <Navigate to={safeRedirectPath(searchParams.get(REDIRECT_PARAM))} replace />;
  return <Outlet />;
}
