import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api';

/**
 * The server's per-field errors (`error.fields`, keyed by the API's names) beside the form's own
 * fields, through `fieldOf`, which maps an API name to the form's or to nothing.
 */
export function showFieldErrors<T extends FieldValues>(
  error: Error,
  fieldOf: (key: string) => FieldPath<T> | null | undefined,
  setError: UseFormSetError<T>,
) {
  if (!(error instanceof ApiError) || !error.fields) return;
  for (const [key, message] of Object.entries(error.fields)) {
    const field = fieldOf(key);
    if (field) setError(field, { message });
  }
}
