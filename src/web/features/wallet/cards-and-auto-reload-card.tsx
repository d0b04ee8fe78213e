import { zodResolver } from '@hookform/resolvers/zod';
import type { AutoReload, AutoReloadRequest, SavedCard } from '@shared/payments';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CreditCard, RefreshCw, TriangleAlert } from 'lucide-react';
import { Controller, useForm } from 'react-hook-form';
import { LoadFailed } from '@/components/list-states';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField, fieldAria } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { selectClassName } from '@/components/ui/native-select';
import { Skeleton } from '@/components/ui/skeleton';
import { Switch } from '@/components/ui/switch';
import { showFieldErrors } from '@/lib/field-errors';
import { toast } from '@/lib/toast';
import { autoReloadQuery, removeSavedCard, savedCardsQuery, updateAutoReload } from './api';
import { type AutoReloadFormInput, autoReloadFormSchema, autoReloadFormValues, formFieldOf } from './auto-reload-form';
import { cardLabel } from './card-label';
import { walletQueryKeys } from './query-keys';

function SavedCardRow({ card }: { card: SavedCard }) {
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: () => removeSavedCard(card.id),
    onSuccess: () => {
      toast.success('Card removed');
      void queryClient.invalidateQueries({ queryKey: walletQueryKeys.cards });
      void queryClient.invalidateQueries({ queryKey: walletQueryKeys.autoReload });
    },
    onError: (error) => toast.error('Failed to remove the card', { description: error.message }),
  });
  const label = cardLabel(card);
  return (
    <li className="flex items-center justify-between gap-3 rounded-lg border border-border/60 px-3 py-2">
      <span className="flex min-w-0 items-center gap-2 text-sm">
        <CreditCard className="size-4 shrink-0 text-gold" aria-hidden="true" />
        <span className="truncate">{label}</span>
      </span>
      <Button
        type="button"
        variant="ghost"
        size="sm"
        disabled={remove.isPending}
        onClick={() => remove.mutate()}
        aria-label={`Remove ${label}`}
      >
        {remove.isPending ? 'Removing…' : 'Remove'}
      </Button>
    </li>
  );
}

function AutoReloadForm({ settings, cards }: { settings: AutoReload; cards: SavedCard[] }) {
  const queryClient = useQueryClient();
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    watch,
    formState: { errors },
  } = useForm<AutoReloadFormInput, unknown, AutoReloadRequest>({
    resolver: zodResolver(autoReloadFormSchema),
    defaultValues: autoReloadFormValues(settings),
  });
  const save = useMutation({
    mutationFn: updateAutoReload,
    onSuccess: (saved) => {
      queryClient.setQueryData(autoReloadQuery.queryKey, saved);
      reset(autoReloadFormValues(saved));
      toast.success(saved.enabled ? 'Auto-reload is on' : 'Auto-reload is off');
    },
    onError: (error) => {
      showFieldErrors(error, formFieldOf, setError);
      toast.error('Failed to save auto-reload', { description: error.message });
    },
  });
  const isOn = watch('enabled');

  return (
    <form
      className="grid gap-4"
      aria-label="Auto-reload"
      noValidate
      onSubmit={handleSubmit((input) => save.mutate(input))}
    >
      {settings.failure ? (
        <p
          role="alert"
          className="flex gap-2 rounded-lg border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm"
          data-testid="auto-reload-failure"
        >
          <TriangleAlert className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden="true" />
          <span>Auto-reload stopped: {settings.failure.message} Save again to turn it back on.</span>
        </p>
      ) : null}
      <div className="flex items-center justify-between gap-3">
        <Label htmlFor="auto-reload-enabled">Auto-reload during readings</Label>
        <Controller
          control={control}
          name="enabled"
          render={({ field }) => (
            <Switch
              id="auto-reload-enabled"
              checked={field.value}
              onCheckedChange={field.onChange}
              onBlur={field.onBlur}
            />
          )}
        />
      </div>
      <div className="grid grid-cols-2 gap-3">
        <FormField id="auto-reload-threshold" label="When below (USD)" error={errors.threshold?.message}>
          <Input
            type="text"
            inputMode="decimal"
            autoComplete="off"
            {...fieldAria('auto-reload-threshold', errors.threshold?.message)}
            {...register('threshold')}
          />
        </FormField>
        <FormField id="auto-reload-amount" label="Add (USD)" error={errors.amount?.message}>
          <Input
            type="text"
            inputMode="decimal"
            autoComplete="off"
            {...fieldAria('auto-reload-amount', errors.amount?.message)}
            {...register('amount')}
          />
        </FormField>
      </div>
      <FormField id="auto-reload-card" label="From card" error={errors.cardId?.message}>
        <select
          className={selectClassName}
          {...fieldAria('auto-reload-card', errors.cardId?.message)}
          {...register('cardId')}
        >
          <option value="">{cards.length === 0 ? 'No saved card yet' : 'Choose a card'}</option>
          {cards.map((card) => (
            <option key={card.id} value={card.id}>
              {cardLabel(card)}
            </option>
          ))}
        </select>
      </FormField>
      <p className="text-xs text-muted-foreground">
        {isOn
          ? 'While a reading runs, we charge this card when your balance drops below the amount, or cannot pay the next minute.'
          : 'Off: a reading pauses for you to add funds when your balance runs out.'}
      </p>
      <Button type="submit" disabled={save.isPending}>
        {save.isPending ? 'Saving…' : 'Save'}
      </Button>
    </form>
  );
}

/**
 * Cards saved at checkout, each removable, and auto-reload from one of them (decision 039): deposit
 * limits apply to a reload, and a declined one stops it with the reason shown here.
 */
export function CardsAndAutoReloadCard() {
  const cards = useQuery(savedCardsQuery);
  const settings = useQuery(autoReloadQuery);
  const failed = cards.isError ? cards : settings.isError ? settings : null;
  return (
    <Card className="h-fit">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <RefreshCw className="size-5 text-gold" aria-hidden="true" />
          Cards &amp; auto-reload
        </CardTitle>
        <CardDescription>
          Save a card when you add funds by card; auto-reload can then top you up during a reading.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        {failed ? (
          <LoadFailed query={failed} message="Failed to load your saved cards." />
        ) : cards.data && settings.data ? (
          <>
            {cards.data.cards.length > 0 ? (
              <ul className="grid gap-2" aria-label="Saved cards">
                {cards.data.cards.map((card) => (
                  <SavedCardRow key={card.id} card={card} />
                ))}
              </ul>
            ) : (
              <p className="text-sm text-muted-foreground">No saved cards yet.</p>
            )}
            <AutoReloadForm
              key={`${settings.data.card?.id}:${settings.data.failure?.at}`}
              settings={settings.data}
              cards={cards.data.cards}
            />
          </>
        ) : (
          <div className="grid gap-4" role="status" aria-label="Loading saved cards">
            {[1, 2, 3].map((row) => (
              <Skeleton key={row} className="h-12" />
            ))}
          </div>
        )}
      </CardContent>
    </Card>
  );
}
