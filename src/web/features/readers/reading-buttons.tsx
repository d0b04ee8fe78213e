import type { Reader } from '@shared/readers';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { sessionRequestPath } from '@/lib/paths';
import { READING_KINDS } from '@/lib/reading-kinds';
import { automatedReasonId } from './automated-reader-note';

/**
 * A button for each kind of reading: a link to its request page while the reader is free, plainly
 * disabled otherwise (offline, or busy in another reading), described by `reasonId` when the
 * caller shows why.
 */
export function ReadingButtons({ reader, reasonId }: { reader: Reader; reasonId?: string }) {
  return READING_KINDS.map(({ type, label, icon: Icon, variant }) => {
    const layout = type === 'chat' ? 'col-span-2' : undefined;
    // The demo reader answers in chat only; its note says why the others are off.
    const isChatOnly = reader.repliesAutomated && type !== 'chat';
    const canRead = reader.status === 'online' && !isChatOnly;
    return canRead ? (
      <Button key={type} asChild variant={variant} className={layout}>
        <Link to={sessionRequestPath(reader.id, type)} aria-label={`${label} with ${reader.fullName}`}>
          <Icon aria-hidden="true" />
          {label}
        </Link>
      </Button>
    ) : (
      <Button key={type} variant="secondary" disabled className={layout} aria-describedby={isChatOnly ? automatedReasonId(reader.id) : reasonId}>
        <Icon aria-hidden="true" />
        {label}
      </Button>
    );
  });
}
