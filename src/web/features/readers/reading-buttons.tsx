import type { Reader } from '@shared/readers';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { sessionRequestPath } from '@/lib/paths';
import { offeredReadingKinds } from '@/lib/reading-kinds';

/**
 * A button for each kind of reading the reader offers: a link to its request page while the reader
 * is free, plainly disabled otherwise (offline, or busy in another reading), described by
 * `reasonId` when the caller shows why.
 */
export function ReadingButtons({ reader, reasonId }: { reader: Reader; reasonId?: string }) {
  const canRead = reader.status === 'online';
  return offeredReadingKinds(reader).map(({ type, label, icon: Icon, variant }) => {
    const layout = type === 'chat' ? 'col-span-2' : undefined;
    return canRead ? (
      <Button key={type} asChild variant={variant} className={layout}>
        <Link to={sessionRequestPath(reader.id, type)} aria-label={`${label} with ${reader.fullName}`}>
          <Icon aria-hidden="true" />
          {label}
        </Link>
      </Button>
    ) : (
      <Button key={type} variant="secondary" disabled className={layout} aria-describedby={reasonId}>
        <Icon aria-hidden="true" />
        {label}
      </Button>
    );
  });
}
