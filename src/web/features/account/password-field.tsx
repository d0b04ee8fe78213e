import { useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { FormField, fieldAria } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';

/** The current password, asked again before a sensitive change. */
export function PasswordField({
  error,
  registration,
  label = 'Your password',
}: {
  error?: string;
  registration: UseFormRegisterReturn;
  label?: string;
}) {
  const id = `${useId()}-password`;
  return (
    <FormField id={id} label={label} error={error}>
      <Input type="password" autoComplete="current-password" {...fieldAria(id, error)} {...registration} />
    </FormField>
  );
}

/** A failed request's message for one field, or for the form when the server named no field. */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof Error && error.message ? error.message : fallback;
}
