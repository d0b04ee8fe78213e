import { ArrowLeft, Compass, House, Search } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { usePageMeta } from '@/lib/page-meta';
import { paths } from '@/lib/paths';

/**
 * Go Back should stay on Soul Tribe. React Router numbers its own history entries (history.state.idx);
 * a 404 opened by a full page load can still go back when it was reached from one of our pages.
 */
function previousPageIsOurs(): boolean {
  const state: unknown = window.history.state;
  if (typeof state === 'object' && state !== null && 'idx' in state && typeof state.idx === 'number' && state.idx > 0)
    return true;
  return (
    document.referrer !== '' &&
    new URL(document.referrer).origin === window.location.origin &&
    window.history.length > 1
  );
}

export function NotFoundPage() {
  usePageMeta({
    title: 'Page Not Found',
    description: 'This page does not exist on Soul Tribe; return home or find a reader.',
  });
  const navigate = useNavigate();
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center gap-5 px-4 py-20 text-center">
      <Compass className="size-16 text-gold" aria-hidden="true" />
      <p className="text-sm font-semibold tracking-widest text-muted-foreground">404</p>
      <h1 className="font-script text-6xl text-pink">Lost in the Cosmos</h1>
      <p className="text-lg text-muted-foreground">
        The page you are looking for has drifted beyond the stars. Let us guide you back.
      </p>
      <div className="flex flex-col gap-3 sm:flex-row">
        <Button asChild>
          <Link to={paths.home}>
            <House aria-hidden="true" />
            Return Home
          </Link>
        </Button>
        <Button variant="outline" asChild>
          <Link to={paths.readers}>
            <Search aria-hidden="true" />
            Find a Reader
          </Link>
        </Button>
        <Button variant="ghost" onClick={() => (previousPageIsOurs() ? navigate(-1) : navigate(paths.home))}>
          <ArrowLeft aria-hidden="true" />
          Go Back
        </Button>
      </div>
    </div>
  );
}
