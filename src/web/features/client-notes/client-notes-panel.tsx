import type { ClientNote } from '@shared/client-notes';
import { useQuery } from '@tanstack/react-query';
import { format, parseISO } from 'date-fns';
import { Lock, Pencil, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { ListSkeleton, LoadFailed } from '@/components/list-states';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { toast } from '@/lib/toast';
import { clientNotesQuery, isNeverCame, useClientNoteMutations } from './api';
import { NoteForm } from './note-form';

const when = (iso: string) => format(parseISO(iso), 'MMM d, yyyy, h:mm a');

type Mutations = ReturnType<typeof useClientNoteMutations>;

function NoteItem({ note, mutations }: { note: ClientNote; mutations: Mutations }) {
  const [mode, setMode] = useState<'view' | 'edit' | 'confirm-delete'>('view');
  const formId = useId();
  const isEdited = note.updatedAt !== note.createdAt;
  if (mode === 'edit') {
    return (
      <li className="py-3" data-testid="client-note">
        <NoteForm
          id={`${formId}-edit`}
          label="Edit note"
          initialText={note.text}
          submitLabel="Save"
          pendingLabel="Saving…"
          isPending={mutations.edit.isPending}
          save={async (text) => {
            await mutations.edit.mutateAsync({ id: note.id, text });
            setMode('view');
          }}
          onCancel={() => setMode('view')}
        />
      </li>
    );
  }
  return (
    <li className="grid gap-1.5 py-3" data-testid="client-note">
      <p className="whitespace-pre-line text-sm [overflow-wrap:anywhere]">{note.text}</p>
      <div className="flex flex-wrap items-center justify-between gap-x-2 gap-y-1">
        <p className="text-xs text-muted-foreground">
          <time dateTime={note.createdAt}>{when(note.createdAt)}</time>
          {isEdited ? <span title={`Edited ${when(note.updatedAt)}`}> · Edited</span> : null}
        </p>
        {mode === 'confirm-delete' ? (
          <fieldset className="flex items-center gap-2">
            <legend className="float-left text-xs font-semibold">Delete this note?</legend>
            <Button variant="ghost" size="sm" onClick={() => setMode('view')} disabled={mutations.remove.isPending}>
              Keep
            </Button>
            <Button
              variant="destructive"
              size="sm"
              disabled={mutations.remove.isPending}
              onClick={() =>
                mutations.remove.mutate(note.id, {
                  onSuccess: () => toast.success('Note deleted'),
                  onError: (failure) => toast.error('Could not delete the note', { description: failure.message }),
                })
              }
            >
              {mutations.remove.isPending ? 'Deleting…' : 'Delete'}
            </Button>
          </fieldset>
        ) : (
          <div className="flex gap-1">
            <Button variant="ghost" size="sm" className="text-muted-foreground" onClick={() => setMode('edit')}>
              <Pencil aria-hidden="true" />
              Edit
            </Button>
            <Button
              variant="ghost"
              size="sm"
              className="text-muted-foreground"
              onClick={() => setMode('confirm-delete')}
            >
              <Trash2 aria-hidden="true" />
              Delete
            </Button>
          </div>
        )}
      </div>
    </li>
  );
}

function NoteList({ clientId, clientName, mutations }: { clientId: string; clientName: string; mutations: Mutations }) {
  const query = useQuery(clientNotesQuery(clientId));
  if (query.isPending) return <ListSkeleton label="Loading notes" rowClassName="h-12" />;
  if (query.isError) {
    if (isNeverCame(query.error)) {
      return (
        <p className="text-sm text-muted-foreground">
          You can keep notes on {clientName} once they ask you for a reading, book one or write to you.
        </p>
      );
    }
    return <LoadFailed query={query} message="We could not load your notes." />;
  }
  if (query.data.notes.length === 0) {
    return (
      <p className="text-sm text-muted-foreground" data-testid="client-notes-empty">
        No notes on {clientName} yet.
      </p>
    );
  }
  return (
    <ul className="divide-y divide-border" aria-label={`Your notes on ${clientName}`}>
      {query.data.notes.map((note) => (
        <NoteItem key={note.id} note={note} mutations={mutations} />
      ))}
    </ul>
  );
}

/**
 * A reader's private notes on one client (decision 068): newest first, each dated, editable and
 * deletable, and a form to add one. Shown in a reading, a booking, a written question and the
 * reader's history of that client.
 */
export function ClientNotesPanel({
  clientId,
  clientName,
  isTitleShown = true,
  className,
}: {
  clientId: string;
  clientName: string;
  isTitleShown?: boolean;
  className?: string;
}) {
  const mutations = useClientNoteMutations(clientId);
  const formId = useId();
  const isNewcomer = isNeverCame(useQuery(clientNotesQuery(clientId)).error);
  return (
    <section
      className={cn('grid gap-3', className)}
      aria-label={`Private notes on ${clientName}`}
      data-testid="client-notes-panel"
    >
      {isTitleShown ? (
        <h2 className="text-base font-semibold [overflow-wrap:anywhere]">Notes on {clientName}</h2>
      ) : null}
      <p className="flex items-center gap-1.5 text-xs text-muted-foreground">
        <Lock className="size-3.5 shrink-0" aria-hidden="true" />
        Only you can see these notes.
      </p>
      {isNewcomer ? null : (
        <NoteForm
          id={`${formId}-add`}
          label="New note"
          submitLabel="Add note"
          pendingLabel="Adding…"
          isPending={mutations.add.isPending}
          save={(text) => mutations.add.mutateAsync(text)}
        />
      )}
      <NoteList clientId={clientId} clientName={clientName} mutations={mutations} />
    </section>
  );
}
