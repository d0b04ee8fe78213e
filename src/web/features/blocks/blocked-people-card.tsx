import type { Block } from '@shared/blocks';
import { useQuery } from '@tanstack/react-query';
import { format, parseISO } from 'date-fns';
import { ListSkeleton, LoadFailed } from '@/components/list-states';
import { PersonAvatar } from '@/components/person-avatar';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { toast } from '@/lib/toast';
import { blocksQuery, useUnblockUser } from './api';

const ROLE_LABELS: Record<Block['role'], string> = { client: 'Client', reader: 'Reader', admin: 'Admin' };

function BlockedPerson({ block }: { block: Block }) {
  const unblock = useUnblockUser();
  return (
    <li className="flex items-start gap-3 py-3" data-testid="blocked-person">
      <PersonAvatar name={block.name} imageUrl={block.avatarUrl} className="size-10" />
      <div className="grid min-w-0 flex-1 gap-0.5">
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <span className="font-semibold [overflow-wrap:anywhere]">{block.name}</span>
          <Badge variant="outline">{ROLE_LABELS[block.role]}</Badge>
        </p>
        <p className="text-xs text-muted-foreground">
          Blocked <time dateTime={block.createdAt}>{format(parseISO(block.createdAt), 'MMM d, yyyy')}</time>
        </p>
        {block.reason ? (
          <p className="text-sm italic text-muted-foreground [overflow-wrap:anywhere]">“{block.reason}”</p>
        ) : null}
      </div>
      <Button
        variant="outline"
        size="sm"
        disabled={unblock.isPending}
        aria-label={`Unblock ${block.name}`}
        onClick={() =>
          unblock.mutate(block.userId, {
            onSuccess: () => toast.success(`You unblocked ${block.name}`),
            onError: (failure) => toast.error(`Could not unblock ${block.name}`, { description: failure.message }),
          })
        }
      >
        {unblock.isPending ? 'Unblocking…' : 'Unblock'}
      </Button>
    </li>
  );
}

/** Settings: the people the user blocked (decision 068), newest first, each with a way back. */
export function BlockedPeopleCard() {
  const query = useQuery(blocksQuery);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Blocked people</CardTitle>
        <CardDescription>
          While blocked, neither of you can request, book, write to or join a paid stream of the other. Your reasons
          stay private.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {query.data ? (
          query.data.blocks.length === 0 ? (
            <p className="text-sm text-muted-foreground" data-testid="blocked-empty">
              You have not blocked anyone. You can block someone from a request, a reading or a message.
            </p>
          ) : (
            <ul className="divide-y divide-border" aria-label="Blocked people">
              {query.data.blocks.map((block) => (
                <BlockedPerson key={block.userId} block={block} />
              ))}
            </ul>
          )
        ) : query.isPending ? (
          <ListSkeleton label="Loading blocked people" rowClassName="h-14" />
        ) : (
          <LoadFailed query={query} message="We could not load the people you blocked." />
        )}
      </CardContent>
    </Card>
  );
}
