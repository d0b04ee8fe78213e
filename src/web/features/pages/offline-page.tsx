import { CloudOff, RefreshCw } from 'lucide-react';
import { useEffect } from 'react';
import { Button } from '@/components/ui/button';
import { usePageMeta } from '@/lib/page-meta';

/**
 * What a navigation shows when the network is down (the service worker served the cached app
 * shell). Nothing of a reading works offline, so it says so and comes back by itself: the page
 * reloads as soon as the browser is online again.
 */
export function OfflinePage() {
  usePageMeta({ title: 'You are offline', description: 'Soul Tribe needs a connection for readings.' });
  useEffect(() => {
    const reload = () => window.location.reload();
    window.addEventListener('online', reload);
    return () => window.removeEventListener('online', reload);
  }, []);
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center gap-5 px-4 py-20 text-center">
      <CloudOff className="size-16 text-gold" aria-hidden="true" />
      <h1 className="font-script text-5xl text-pink">You are offline — readings need a connection</h1>
      <p className="text-lg text-muted-foreground">
        Check your Wi-Fi or mobile data. This page opens again by itself once you are back online.
      </p>
      <Button onClick={() => window.location.reload()}>
        <RefreshCw aria-hidden="true" />
        Try again
      </Button>
    </div>
  );
}
