import { centsToDollarInput, parseDollarsToCents } from '@shared/money';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { FormField, fieldAria } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/cn';
import type { ShopFilter } from './shop-filter';

type PanelChoice = Pick<ShopFilter, 'minCents' | 'maxCents' | 'digital'>;

const KINDS = [
  { value: null, label: 'Both' },
  { value: true, label: 'Digital only' },
  { value: false, label: 'Physical only' },
] as const;

const dollarsOf = (cents: number | null) => (cents === null ? '' : centsToDollarInput(cents));

/** The Filter button's panel: a price range in dollars and digital, physical or both. */
export function FilterPanel({
  id,
  filter,
  onApply,
}: {
  id: string;
  filter: PanelChoice;
  onApply: (choice: PanelChoice) => void;
}) {
  const [min, setMin] = useState(dollarsOf(filter.minCents));
  const [max, setMax] = useState(dollarsOf(filter.maxCents));
  const [digital, setDigital] = useState<boolean | null>(filter.digital);
  const [errors, setErrors] = useState<{ min?: string; max?: string }>({});

  const apply = (event: FormEvent) => {
    event.preventDefault();
    const minCents = min.trim() === '' ? null : parseDollarsToCents(min);
    const maxCents = max.trim() === '' ? null : parseDollarsToCents(max);
    const next = {
      min: minCents === null && min.trim() !== '' ? 'Enter an amount in dollars, like 10' : undefined,
      max: maxCents === null && max.trim() !== '' ? 'Enter an amount in dollars, like 50' : undefined,
    };
    if (!next.min && !next.max && minCents !== null && maxCents !== null && minCents > maxCents)
      next.max = 'Max must be at least the min';
    setErrors(next);
    if (next.min || next.max) return;
    onApply({ minCents, maxCents, digital });
  };

  const reset = () => {
    setMin('');
    setMax('');
    setDigital(null);
    setErrors({});
    onApply({ minCents: null, maxCents: null, digital: null });
  };

  return (
    <form
      id={id}
      onSubmit={apply}
      aria-label="Filter products"
      noValidate
      className="grid gap-4 rounded-2xl border border-border bg-card/90 p-4 sm:grid-cols-[1fr_1fr_auto] sm:items-start sm:p-6"
    >
      <FormField id="filter-min" label="Min price ($)" error={errors.min}>
        <Input
          inputMode="decimal"
          placeholder="No minimum"
          value={min}
          onChange={(event) => setMin(event.target.value)}
          {...fieldAria('filter-min', errors.min)}
        />
      </FormField>
      <FormField id="filter-max" label="Max price ($)" error={errors.max}>
        <Input
          inputMode="decimal"
          placeholder="No maximum"
          value={max}
          onChange={(event) => setMax(event.target.value)}
          {...fieldAria('filter-max', errors.max)}
        />
      </FormField>
      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-semibold">Type</legend>
        <div className="flex flex-wrap gap-2">
          {KINDS.map((kind) => (
            <label
              key={kind.label}
              className={cn(
                'cursor-pointer rounded-full border px-3 py-1.5 text-sm font-semibold transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring',
                digital === kind.value
                  ? 'border-pink bg-pink/15 text-pink'
                  : 'border-border text-muted-foreground hover:text-foreground',
              )}
            >
              <input
                type="radio"
                name="filter-kind"
                className="sr-only"
                checked={digital === kind.value}
                onChange={() => setDigital(kind.value)}
              />
              {kind.label}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="flex justify-end gap-2 sm:col-span-3">
        <Button type="button" variant="ghost" onClick={reset}>
          Reset
        </Button>
        <Button type="submit">Apply Filters</Button>
      </div>
    </form>
  );
}
