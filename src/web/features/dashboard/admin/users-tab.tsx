import type { AdminUser } from '@shared/admin';
import { ROLES, type Role } from '@shared/constants';
import { formatCents } from '@shared/money';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Search } from 'lucide-react';
import { useId, useState } from 'react';
import { ListSkeleton, LoadFailed, PagedList } from '@/components/list-states';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { selectClassName } from '@/components/ui/native-select';
import { CardPaymentsDialog } from '@/features/wallet';
import { formatRelativeDate } from '@/lib/relative-date';
import { toast } from '@/lib/toast';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { adminQueryKeys, adminUsersQuery, restoreUser, suspendUser } from './admin-api';
import { ConfirmDialog } from './confirm-dialog';
import { UserBlocksDialog } from './user-blocks-dialog';

export const USERS_PAGE_SIZE = 20;
const SEARCH_DEBOUNCE_MS = 300;

const ROLE_LABELS: Record<Role, string> = { client: 'Client', reader: 'Reader', admin: 'Admin' };

type AccountAction = 'suspend' | 'restore';

const ACTIONS = {
  suspend: {
    call: suspendUser,
    button: 'Suspend',
    title: 'Suspend this account?',
    describe: (name: string) =>
      `${name} is signed out everywhere at once and cannot sign in until the account is restored.`,
    done: (name: string) => `${name} suspended`,
    failed: 'Failed to suspend user',
  },
  restore: {
    call: restoreUser,
    button: 'Restore',
    title: 'Restore this account?',
    describe: (name: string) => `${name} can sign in again.`,
    done: (name: string) => `${name} restored`,
    failed: 'Failed to restore user',
  },
} as const;

function useAccountAction(user: AdminUser) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: AccountAction) => ACTIONS[action].call(user.id),
    onSuccess: (_result, action) => toast.success(ACTIONS[action].done(user.name)),
    onError: (error, action) => toast.error(ACTIONS[action].failed, { description: error.message }),
    // Either way the list may be stale (another admin may have acted first), and the totals move.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminQueryKeys.users }),
        queryClient.invalidateQueries({ queryKey: adminQueryKeys.stats }),
      ]),
  });
}

function UserRow({ user }: { user: AdminUser }) {
  const mutation = useAccountAction(user);
  const [isConfirming, setIsConfirming] = useState(false);
  const [isShowingPayments, setIsShowingPayments] = useState(false);
  const [isShowingBlocks, setIsShowingBlocks] = useState(false);
  const action: AccountAction = user.suspended ? 'restore' : 'suspend';
  const { button, title, describe } = ACTIONS[action];
  // The server refuses to suspend an admin (or oneself), so the button is not offered.
  const canAct = user.role !== 'admin';

  return (
    <li className="grid gap-3 py-4 md:grid-cols-[minmax(0,1fr)_auto] md:items-center md:gap-6" data-testid="admin-user">
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <span className="font-semibold [overflow-wrap:anywhere]">{user.name}</span>
          <Badge variant={user.role === 'client' ? 'outline' : user.role === 'reader' ? 'pink' : 'gold'}>
            {ROLE_LABELS[user.role]}
          </Badge>
          {user.suspended ? <Badge variant="destructive">Suspended</Badge> : null}
        </p>
        <p className="text-sm text-muted-foreground [overflow-wrap:anywhere]">{user.email}</p>
      </div>
      <div className="flex flex-wrap items-end justify-between gap-x-6 gap-y-3">
        <dl className="grid grid-cols-2 gap-x-6 text-sm md:grid-cols-[6.5rem_7rem]">
          <div>
            <dt className="text-xs text-muted-foreground">Balance</dt>
            <dd className="tabular-nums">{formatCents(user.walletBalanceCents)}</dd>
          </div>
          <div>
            <dt className="text-xs text-muted-foreground">Joined</dt>
            <dd>
              <time dateTime={user.createdAt} title={new Date(user.createdAt).toLocaleString()}>
                {formatRelativeDate(user.createdAt)}
              </time>
            </dd>
          </div>
        </dl>
        {user.role !== 'admin' ? (
          <Button
            variant="ghost"
            size="sm"
            aria-label={`Blocks of ${user.name}`}
            onClick={() => setIsShowingBlocks(true)}
          >
            Blocks
          </Button>
        ) : null}
        {user.role === 'client' ? (
          <Button
            variant="ghost"
            size="sm"
            aria-label={`Card payments of ${user.name}`}
            onClick={() => setIsShowingPayments(true)}
          >
            Card payments
          </Button>
        ) : null}
        {canAct ? (
          <Button
            variant={user.suspended ? 'gold' : 'outline'}
            size="sm"
            className="w-24"
            disabled={mutation.isPending}
            aria-label={`${button} ${user.name}`}
            onClick={() => setIsConfirming(true)}
          >
            {mutation.isPending ? (mutation.variables === 'suspend' ? 'Suspending…' : 'Restoring…') : button}
          </Button>
        ) : (
          <span className="w-24" />
        )}
      </div>
      <ConfirmDialog
        open={isConfirming}
        onOpenChange={setIsConfirming}
        title={title}
        description={describe(user.name)}
        confirmLabel={button}
        isDestructive={action === 'suspend'}
        onConfirm={() => mutation.mutate(action)}
      />
      {user.role === 'client' ? (
        <CardPaymentsDialog user={user} open={isShowingPayments} onOpenChange={setIsShowingPayments} />
      ) : null}
      {user.role !== 'admin' ? (
        <UserBlocksDialog user={user} open={isShowingBlocks} onOpenChange={setIsShowingBlocks} />
      ) : null}
    </li>
  );
}

function UserList({
  search,
  role,
  offset,
  onOffsetChange,
}: {
  search: string;
  role: Role | undefined;
  offset: number;
  onOffsetChange: (offset: number) => void;
}) {
  const query = useQuery({
    ...adminUsersQuery({ search: search || undefined, role, limit: USERS_PAGE_SIZE, offset }),
    placeholderData: keepPreviousData,
  });
  if (query.isPending) return <ListSkeleton label="Loading users" />;
  if (query.isError) return <LoadFailed query={query} />;
  return (
    <PagedList
      label="Users"
      items={query.data.users}
      renderItem={(user) => <UserRow key={user.id} user={user} />}
      empty={search || role ? 'No users match.' : 'No users yet.'}
      isPlaceholderData={query.isPlaceholderData}
      offset={offset}
      pageSize={USERS_PAGE_SIZE}
      hasMore={query.data.hasMore}
      onOffsetChange={onOffsetChange}
    />
  );
}

/** Every account: find one by name or email, see its balance, and suspend or restore it. */
export function UsersTab() {
  const titleId = useId();
  const searchId = useId();
  const roleId = useId();
  const [searchInput, setSearchInput] = useState('');
  const [role, setRole] = useState<Role | undefined>();
  const [offset, setOffset] = useState(0);
  const search = useDebouncedValue(searchInput.trim(), SEARCH_DEBOUNCE_MS);

  return (
    <section aria-labelledby={titleId}>
      <Card>
        <CardHeader className="gap-1.5">
          <CardTitle id={titleId}>Users</CardTitle>
          <CardDescription>
            Newest first. A suspended account is signed out at once and cannot sign in until restored.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <div className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_12rem]">
            <div className="grid gap-1.5">
              <Label htmlFor={searchId}>Search</Label>
              <div className="relative">
                <Search
                  className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
                  aria-hidden="true"
                />
                <Input
                  id={searchId}
                  type="search"
                  className="pl-9"
                  placeholder="Name or email"
                  value={searchInput}
                  onChange={(event) => {
                    setSearchInput(event.target.value);
                    setOffset(0);
                  }}
                />
              </div>
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor={roleId}>Role</Label>
              <select
                id={roleId}
                className={selectClassName}
                value={role ?? ''}
                onChange={(event) => {
                  setRole(ROLES.find((candidate) => candidate === event.target.value));
                  setOffset(0);
                }}
              >
                <option value="">All roles</option>
                {ROLES.map((value) => (
                  <option key={value} value={value}>
                    {ROLE_LABELS[value]}
                  </option>
                ))}
              </select>
            </div>
          </div>
          <UserList search={search} role={role} offset={offset} onOffsetChange={setOffset} />
        </CardContent>
      </Card>
    </section>
  );
}
