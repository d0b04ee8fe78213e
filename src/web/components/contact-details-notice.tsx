import { CONTACT_DETAILS_REMOVED } from '@shared/contact-details';
import { ShieldCheck, X } from 'lucide-react';
import { Fragment } from 'react';
import { cn } from '@/lib/cn';
import { toast } from '@/lib/toast';

/**
 * Why the sender's words changed (decision 068): said in the moment, beside what they wrote, and
 * framed as the protection it is, since the refund rules and the reader's share hold only here.
 */
export const CONTACT_DETAILS_NOTICE_TITLE = 'Contact details were removed';
export const CONTACT_DETAILS_NOTICE_REASON =
  'Keep conversations on Soul Tribe, where refunds and your protection apply.';

export function ContactDetailsNotice({ onDismiss, className }: { onDismiss?: () => void; className?: string }) {
  return (
    <div
      role="status"
      className={cn('flex items-start gap-2 rounded-lg border border-gold/50 bg-gold/10 px-3 py-2 text-xs', className)}
      data-testid="contact-details-notice"
    >
      <ShieldCheck className="mt-px size-4 shrink-0 text-gold" aria-hidden="true" />
      <p className="min-w-0 flex-1">
        <span className="font-semibold">{CONTACT_DETAILS_NOTICE_TITLE}.</span> {CONTACT_DETAILS_NOTICE_REASON}
      </p>
      {onDismiss ? (
        <button
          type="button"
          onClick={onDismiss}
          className="-m-1 shrink-0 rounded p-1 text-muted-foreground hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
          aria-label="Dismiss notice"
        >
          <X className="size-3.5" aria-hidden="true" />
        </button>
      ) : null}
    </div>
  );
}

/** For a form that closes once saved (a question, an answer, a review): the same words as a toast. */
export function toastContactDetailsRemoved(where: string) {
  toast.warning(`${CONTACT_DETAILS_NOTICE_TITLE} from your ${where}`, { description: CONTACT_DETAILS_NOTICE_REASON });
}

/** A message as stored, with each masked place set apart, so neither side reads it as the sender's own words. */
export function MaskedText({ text }: { text: string }) {
  const parts = text.split(CONTACT_DETAILS_REMOVED);
  if (parts.length === 1) return text;
  // Each part keyed by where it starts in the text: a stored message never changes.
  let startsAt = 0;
  const pieces = parts.map((part) => {
    const piece = { part, startsAt };
    startsAt += part.length + CONTACT_DETAILS_REMOVED.length;
    return piece;
  });
  return pieces.map(({ part, startsAt: key }, index) => (
    <Fragment key={key}>
      {part}
      {index < pieces.length - 1 ? (
        <span className="rounded px-1 whitespace-nowrap italic ring-1 ring-current/40">{CONTACT_DETAILS_REMOVED}</span>
      ) : null}
    </Fragment>
  ));
}
