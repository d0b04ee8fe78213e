import { useQuery } from '@tanstack/react-query';
import { ChevronDown, NotebookPen } from 'lucide-react';
import { useId, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button, type ButtonProps } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { cn } from '@/lib/cn';
import { clientNotesQuery } from './api';
import { ClientNotesPanel } from './client-notes-panel';

/** 'Notes' on a row (a booking, a written question, a past reading): the panel in a dialog, fetched when opened. */
export function ClientNotesButton({
  clientId,
  clientName,
  variant = 'ghost',
  className,
}: {
  clientId: string;
  clientName: string;
  variant?: ButtonProps['variant'];
  className?: string;
}) {
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button
          variant={variant}
          size="sm"
          className={cn('text-muted-foreground', className)}
          aria-label={`Your notes on ${clientName}`}
        >
          <NotebookPen aria-hidden="true" />
          Notes
        </Button>
      </DialogTrigger>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle className="pr-6 [overflow-wrap:anywhere]">Notes on {clientName}</DialogTitle>
          <DialogDescription>What you want to remember about this client.</DialogDescription>
        </DialogHeader>
        <ClientNotesPanel clientId={clientId} clientName={clientName} isTitleShown={false} />
      </DialogContent>
    </Dialog>
  );
}

/** How many notes there are, and below it the latest: what a reader wants at a glance when the client is back. */
function Glance({ clientId }: { clientId: string }) {
  const query = useQuery(clientNotesQuery(clientId));
  const notes = query.data?.notes;
  if (!notes) return null;
  return (
    <Badge variant="outline" className="tabular-nums">
      {notes.length === 1 ? '1 note' : `${notes.length} notes`}
    </Badge>
  );
}

function LatestNote({ clientId }: { clientId: string }) {
  const latest = useQuery(clientNotesQuery(clientId)).data?.notes[0];
  if (!latest) return null;
  return (
    <span className="line-clamp-1 pl-6 text-sm font-normal text-muted-foreground [overflow-wrap:anywhere]">
      {latest.text}
    </span>
  );
}

const isWideScreen = () =>
  typeof window !== 'undefined' &&
  typeof window.matchMedia === 'function' &&
  window.matchMedia('(min-width: 1024px)').matches;

/**
 * The notes folded under one line (the count and the latest note) that opens in place: for the
 * reading room and the incoming request, where a dialog over a dialog or a call would be in the way.
 */
export function ClientNotesDisclosure({
  clientId,
  clientName,
  defaultOpen = false,
  className,
}: {
  clientId: string;
  clientName: string;
  /** 'wide': open where there is room beside the reading (a large screen), folded on a phone. */
  defaultOpen?: boolean | 'wide';
  className?: string;
}) {
  const [isOpen, setIsOpen] = useState(() => (defaultOpen === 'wide' ? isWideScreen() : defaultOpen));
  const regionId = useId();
  return (
    <div className={cn('rounded-xl border border-border bg-card/85', className)} data-testid="client-notes-disclosure">
      <button
        type="button"
        className="grid w-full cursor-pointer gap-1 rounded-xl px-3 py-2.5 text-left font-semibold hover:bg-muted/50 focus-visible:outline-2 focus-visible:outline-ring"
        aria-expanded={isOpen}
        aria-controls={regionId}
        onClick={() => setIsOpen((open) => !open)}
      >
        <span className="flex items-center gap-2">
          <NotebookPen className="size-4 shrink-0 text-gold" aria-hidden="true" />
          <span className="text-sm">Your notes</span>
          {isOpen ? null : <Glance clientId={clientId} />}
          <ChevronDown
            className={cn(
              'ml-auto size-4 shrink-0 transition-transform motion-reduce:transition-none',
              isOpen && 'rotate-180',
            )}
            aria-hidden="true"
          />
        </span>
        {isOpen ? null : <LatestNote clientId={clientId} />}
      </button>
      {isOpen ? (
        <div id={regionId} className="border-t border-border px-3 pb-3 pt-2">
          <ClientNotesPanel clientId={clientId} clientName={clientName} isTitleShown={false} />
        </div>
      ) : null}
    </div>
  );
}
