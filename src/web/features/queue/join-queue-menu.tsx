import { formatCents } from '@shared/money';
import type { Reader } from '@shared/readers';
import { ListPlus } from 'lucide-react';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { offeredReadingKinds, rateOfKind } from '@/lib/reading-kinds';
import { useJoinQueue } from './api';

/** 'Join queue' for a busy reader: the client picks the kind of reading they will wait for, at its rate. */
export function JoinQueueMenu({ reader }: { reader: Reader }) {
  const join = useJoinQueue();
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button className="col-span-2" disabled={join.isPending} aria-label={`Join queue for ${reader.fullName}`}>
          <ListPlus aria-hidden="true" />
          {join.isPending ? 'Joining…' : 'Join queue'}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="center">
        <DropdownMenuLabel className="text-muted-foreground">Wait for {reader.firstName} with a…</DropdownMenuLabel>
        {offeredReadingKinds(reader).map(({ type, rateLabel, icon: Icon }) => (
          <DropdownMenuItem key={type} onSelect={() => join.mutate({ readerId: reader.id, sessionType: type })}>
            <Icon className="text-pink" aria-hidden="true" />
            {rateLabel} reading
            <span className="ml-auto pl-4 font-semibold text-gold">{formatCents(rateOfKind(reader, type))}/min</span>
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
