import { walletApi } from '@shared/api/wallet';
import { DAY_MS } from '@shared/time-units';
import { type AccountBreak, BREAK_LENGTHS } from '@shared/wallet';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Coffee } from 'lucide-react';
import { useState } from 'react';
import { LoadFailed } from '@/components/list-states';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField, fieldAria } from '@/components/ui/form-field';
import { selectClassName } from '@/components/ui/native-select';
import { Skeleton } from '@/components/ui/skeleton';
import { callApi } from '@/lib/api-client';
import { profileQueryKey } from '@/lib/auth';
import { toast } from '@/lib/toast';
import { walletQueryKeys } from './query-keys';

const LENGTH_ID = 'take-break-length';

export const accountBreakQuery = queryOptions({
  queryKey: walletQueryKeys.accountBreak,
  queryFn: ({ signal }) => callApi(walletApi.accountBreak, {}, { signal }),
});

const takeBreak = (days: number): Promise<AccountBreak> => callApi(walletApi.takeBreak, { body: { days } });

const formatEnd = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/**
 * 'Take a break' (decision 066): the client pauses their own account for 1 day to 6 months. Until it
 * ends they cannot add funds or start anything paid and get no offers; it cannot be ended early, so
 * the button asks once more, naming the end, before it is taken. A break in force can be made longer.
 */
function TakeBreakForm({ current }: { current: AccountBreak }) {
  const queryClient = useQueryClient();
  const [days, setDays] = useState<number>(BREAK_LENGTHS[1].days);
  const [isConfirming, setIsConfirming] = useState(false);
  const endsAt = new Date(Date.now() + days * DAY_MS).toISOString();
  const take = useMutation({
    mutationFn: () => takeBreak(days),
    onSuccess: async (saved) => {
      setIsConfirming(false);
      queryClient.setQueryData(walletQueryKeys.accountBreak, saved);
      toast.success(`Your break runs until ${saved.endsAt ? formatEnd(saved.endsAt) : 'its end'}`);
      // Offers the wallet showed no longer reach this client.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: walletQueryKeys.all }),
        queryClient.invalidateQueries({ queryKey: profileQueryKey }),
      ]);
    },
    onError: (error) => toast.error('Failed to start the break', { description: error.message }),
  });
  return (
    <div className="grid gap-4">
      {current.endsAt ? (
        <p className="rounded-lg border border-gold/40 bg-gold/10 px-3 py-2 text-sm" data-testid="break-in-force">
          You are on a break until <strong>{formatEnd(current.endsAt)}</strong>. Adding funds and paid readings are
          paused until then, and it cannot be ended early. You may make it longer.
        </p>
      ) : null}
      <FormField id={LENGTH_ID} label={current.endsAt ? 'Make it last' : 'Length'}>
        <select
          className={selectClassName}
          value={days}
          onChange={(event) => {
            setDays(Number(event.target.value));
            setIsConfirming(false);
          }}
          {...fieldAria(LENGTH_ID, undefined)}
        >
          {BREAK_LENGTHS.map((length) => (
            <option key={length.days} value={length.days}>
              {length.label}
            </option>
          ))}
        </select>
      </FormField>
      {isConfirming ? (
        <div className="grid gap-2 rounded-lg border border-pink/40 p-3" role="alert">
          <p className="text-sm">
            Until <strong>{formatEnd(endsAt)}</strong> you will not be able to add funds, start a paid reading or
            receive offers, and you cannot end the break early.
          </p>
          <div className="flex flex-wrap gap-2">
            <Button type="button" disabled={take.isPending} onClick={() => take.mutate()}>
              Yes, take the break
            </Button>
            <Button type="button" variant="outline" disabled={take.isPending} onClick={() => setIsConfirming(false)}>
              Not now
            </Button>
          </div>
        </div>
      ) : (
        <Button type="button" variant="outline" onClick={() => setIsConfirming(true)}>
          {current.endsAt ? 'Make my break longer' : 'Take a break'}
        </Button>
      )}
    </div>
  );
}

export function TakeBreakCard() {
  const query = useQuery(accountBreakQuery);
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Coffee className="size-5 text-gold" aria-hidden="true" />
          Take a break
        </CardTitle>
        <CardDescription>
          Pause your account for a day up to six months: no funds in, no paid readings, no offers, until the break ends.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {query.isPending ? (
          <Skeleton className="h-24" />
        ) : query.isError ? (
          <LoadFailed query={query} message="Failed to load your break" />
        ) : (
          <TakeBreakForm current={query.data} />
        )}
      </CardContent>
    </Card>
  );
}
