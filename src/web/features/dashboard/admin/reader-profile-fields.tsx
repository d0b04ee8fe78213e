import { RATE_MAX_CENTS, RATE_MIN_CENTS } from '@shared/constants';
import type { ComponentProps, ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { FormField, fieldAria } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import type { EditReaderFormField } from './edit-reader-form';

/** What an input needs from its form: its id, its error message and its registration. */
export interface BoundField {
  id: string;
  error: string | undefined;
  registration: UseFormRegisterReturn;
}

const RATE_FIELDS = [
  { name: 'chatRate', label: 'Chat rate ($/min)' },
  { name: 'audioRate', label: 'Audio rate ($/min)' },
  { name: 'videoRate', label: 'Video rate ($/min)' },
] as const;

const rateMin = (RATE_MIN_CENTS / 100).toFixed(2);
const rateMax = (RATE_MAX_CENTS / 100).toFixed(2);

export function BoundInput({
  field,
  label,
  ...props
}: { field: BoundField; label: string } & ComponentProps<typeof Input>) {
  return (
    <FormField id={field.id} label={label} error={field.error}>
      <Input {...props} {...fieldAria(field.id, field.error)} {...field.registration} />
    </FormField>
  );
}

/**
 * The reader's profile inputs (SPEC.md §5), shared by the Create Reader and Edit dialogs; `account`
 * (email and password, on creation only) opens the first grid.
 */
export function ReaderProfileFields({
  bind,
  account,
}: {
  bind: (name: EditReaderFormField) => BoundField;
  account?: ReactNode;
}) {
  const bio = bind('bio');
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        {account}
        <BoundInput field={bind('firstName')} label="First name" autoComplete="off" />
        <BoundInput field={bind('lastName')} label="Last name" autoComplete="off" />
        <BoundInput
          field={bind('username')}
          label="Username"
          placeholder="Unique username"
          autoComplete="off"
          autoCapitalize="none"
        />
        <BoundInput
          field={bind('yearsExperience')}
          label="Years of experience"
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        {RATE_FIELDS.map(({ name, label }) => (
          <BoundInput
            key={name}
            field={bind(name)}
            label={label}
            type="number"
            inputMode="decimal"
            step="0.01"
            min={rateMin}
            max={rateMax}
          />
        ))}
      </div>
      <BoundInput
        field={bind('profileImage')}
        label="Profile image URL (optional)"
        type="url"
        placeholder="https://…"
      />
      <BoundInput
        field={bind('specialties')}
        label="Specialties"
        placeholder="Tarot, Astrology, Dream Interpretation"
      />
      <FormField id={bio.id} label="Bio" error={bio.error}>
        <Textarea rows={3} {...fieldAria(bio.id, bio.error)} {...bio.registration} />
      </FormField>
    </>
  );
}
