import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api';
import { GENERIC_AUTH_ERROR, toAuthFormError } from './auth-errors';

describe('toAuthFormError', () => {
  it('puts a wrong password on the form, not on a field, so it does not tell which one was wrong', () => {
    expect(toAuthFormError(new ApiError(401, 'INVALID_EMAIL_OR_PASSWORD', 'Invalid email or password'))).toEqual({
      fields: {},
      form: 'Invalid email or password',
    });
  });

  it('shows server field messages beside their fields', () => {
    const error = new ApiError(400, 'BAD_REQUEST', 'Invalid input', {
      email: 'Enter a valid email address',
      other: 'ignored',
    });
    expect(toAuthFormError(error)).toEqual({ fields: { email: 'Enter a valid email address' } });
  });

  it('maps Better Auth field codes to their field', () => {
    expect(toAuthFormError(new ApiError(400, 'PASSWORD_TOO_SHORT', 'Password too short'))).toEqual({
      fields: { password: 'Password too short' },
    });
  });

  it('keeps the rate-limit message for the form', () => {
    expect(toAuthFormError(new ApiError(429, 'RATE_LIMITED', 'Too many attempts. Try again in a minute.')).form).toBe(
      'Too many attempts. Try again in a minute.',
    );
  });

  it('uses a generic message for unexpected errors', () => {
    expect(toAuthFormError(new Error('boom'))).toEqual({ fields: {}, form: GENERIC_AUTH_ERROR });
  });
});
