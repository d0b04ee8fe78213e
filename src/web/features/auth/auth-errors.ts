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
  USER_ALREADY_EXISTS: 'email',
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: 'email',
  INVALID_EMAIL: 'email',
  PASSWORD_TOO_SHORT: 'password',
  PASSWORD_TOO_LONG: 'password',
};

const friendlyMessageByCode: Record<string, string> = {
  USER_ALREADY_EXISTS: 'An account with this email already exists. Try signing in instead.',
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: 'An account with this email already exists. Try signing in instead.',
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
  const message = friendlyMessageByCode[error.code] ?? error.message;
  if (field) return { fields: { [field]: message } };
  return { fields: {}, form: message };
}
