import type { Reader } from '@shared/readers';
import { ListPlus } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Button } from '@/components/ui/button';

const Menu = lazy(() => import('./join-queue-menu').then((module) => ({ default: module.JoinQueueMenu })));

/**
 * 'Join queue' as the directory's cards and the profile show it: its menu (Radix's dropdown and its
 * scroll lock, ~22 KB gzip) loads only for a client who meets a busy reader, not with every visit to
 * those pages (decision 007). Until it has, the same button shows, inert.
 */
export function JoinQueueMenu({ reader }: { reader: Reader }) {
  return (
    <Suspense
      fallback={
        <Button className="col-span-2" disabled aria-label={`Join queue for ${reader.fullName}`}>
          <ListPlus aria-hidden="true" />
          Join queue
        </Button>
      }
    >
      <Menu reader={reader} />
    </Suspense>
  );
}
