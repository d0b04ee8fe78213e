import { blocksApi } from '@shared/api/blocks';
import type { AdminBlock } from '@shared/blocks';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ListSkeleton, LoadFailed } from '@/components/list-states';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { callApi } from '@/lib/api-client';
import { adminQueryKeys } from './admin-api';

const userBlocksQuery = (userId: string) =>
  queryOptions({
    queryKey: [...adminQueryKeys.users, 'blocks', userId],
    queryFn: ({ signal }) => callApi(blocksApi.ofUser, { params: { id: userId } }, { signal }),
  });

function BlockList({ title, blocks, empty }: { title: string; blocks: AdminBlock[]; empty: string }) {
  return (
    <section className="grid gap-2">
      <h3 className="text-sm font-semibold">{title}</h3>
      {blocks.length === 0 ? (
        <p className="text-sm text-muted-foreground">{empty}</p>
      ) : (
        <ul className="divide-y divide-border rounded-md border border-border">
          {blocks.map((block) => (
            <li key={block.userId} className="grid gap-0.5 px-3 py-2 text-sm" data-testid="admin-block">
              <p className="flex flex-wrap items-baseline justify-between gap-2">
                <span className="font-medium [overflow-wrap:anywhere]">
                  {block.name} <span className="text-xs font-normal text-muted-foreground">({block.role})</span>
                </span>
                <time className="text-xs text-muted-foreground" dateTime={block.createdAt}>
                  {new Date(block.createdAt).toLocaleDateString()}
                </time>
              </p>
              <p className="text-xs text-muted-foreground [overflow-wrap:anywhere]">
                {block.reason ? `Reason: ${block.reason}` : 'No reason given'}
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function UserBlocks({ userId }: { userId: string }) {
  const query = useQuery(userBlocksQuery(userId));
  if (query.isPending) return <ListSkeleton label="Loading blocks" />;
  if (query.isError) return <LoadFailed query={query} message="We could not load this user’s blocks." />;
  return (
    <div className="grid gap-4">
      <BlockList title="Blocked by them" blocks={query.data.given} empty="They have blocked no one." />
      <BlockList title="Blocked them" blocks={query.data.received} empty="No one has blocked them." />
    </div>
  );
}

/**
 * A user's blocks both ways, for an admin looking into them (decision 068): who they blocked, who
 * blocked them, and each blocker's private reason. Loaded only while open.
 */
export function UserBlocksDialog({
  user,
  open,
  onOpenChange,
}: {
  user: { id: string; name: string };
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Blocks of {user.name}</DialogTitle>
          <DialogDescription>
            A block stops readings, bookings, written questions and paid streams between two people. Reasons are private
            to the blocker.
          </DialogDescription>
        </DialogHeader>
        {open ? <UserBlocks userId={user.id} /> : null}
      </DialogContent>
    </Dialog>
  );
}
