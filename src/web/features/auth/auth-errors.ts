import { ApiError } from '@/lib/api';

export type AuthField = 'name' | 'email' | 'password';

export interface AuthFormError {
  /** Messages to show beside individual fields. */
  fields: Partial<Record<AuthField, string>>;
  /** A message about the form as a whole (wrong password, rate limit, network). */
  form?: string;
}

const authFields: readonly AuthField[] = ['name', 'email', 'password'];

/** Better Auth answers with its own codes; these belong to one field rather than the whole form. */
const fieldByCode: Record<string, AuthField> = {
  INVALID_EMAIL: 'email',
  PASSWORD_TOO_SHORT: 'password',
  PASSWORD_TOO_LONG: 'password',
};

export const GENERIC_AUTH_ERROR = 'Something went wrong. Please try again.';

/** Splits a failed sign-in or sign-up into field messages and a form message for the form to show. */
export function toAuthFormError(error: unknown): AuthFormError {
  if (!(error instanceof ApiError)) return { fields: {}, form: GENERIC_AUTH_ERROR };

  const fields: AuthFormError['fields'] = {};
  for (const field of authFields) {
    const message = error.fields?.[field];
    if (message) fields[field] = message;
  }
  if (Object.keys(fields).length > 0) return { fields };

  const field = fieldByCode[error.code];
  if (field) return { fields: { [field]: error.message } };
  return { fields: {}, form: error.message };
}
