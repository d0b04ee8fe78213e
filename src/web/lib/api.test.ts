import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest, toApiError } from './api';

describe('toApiError', () => {
  it("reads our server's { error: { code, message, fields } } shape", () => {
    const error = toApiError(400, {
      error: { code: 'BAD_REQUEST', message: 'Check the form', fields: { email: 'Enter a valid email address' } },
    });
    expect(error).toMatchObject({
      status: 400,
      code: 'BAD_REQUEST',
      message: 'Check the form',
      fields: { email: 'Enter a valid email address' },
    });
  });

  it("reads Better Auth's { code, message } shape", () => {
    const error = toApiError(401, { code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' });
    expect(error).toMatchObject({
      status: 401,
      code: 'INVALID_EMAIL_OR_PASSWORD',
      message: 'Invalid email or password',
      fields: undefined,
    });
  });

  it('falls back to a message by status for bodies without one', () => {
    expect(toApiError(429, undefined)).toMatchObject({
      code: 'HTTP_429',
      message: 'Too many attempts. Please wait a moment and try again.',
    });
    expect(toApiError(502, '<html>Bad gateway</html>').message).toBe(
      'Something went wrong on our side. Please try again.',
    );
    expect(toApiError(400, { error: { code: 'X', message: '' } }).message).toBe(
      'Please check what you entered and try again.',
    );
  });

  it('keeps facts an endpoint adds beside code and message', () => {
    const error = toApiError(409, {
      error: { code: 'CONFLICT', message: "The reader's rate has changed", ratePerMinuteCents: 649 },
    });
    expect(error.details).toMatchObject({ ratePerMinuteCents: 649 });
    expect(toApiError(502, 'Bad gateway').details).toEqual({});
  });

  it('ignores field messages that are not strings', () => {
    expect(toApiError(400, { error: { code: 'X', message: 'm', fields: { email: 3 } } }).fields).toBeUndefined();
  });
});

describe('apiRequest', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends JSON with the session cookie and returns the parsed body', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ ok: true }), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    await expect(apiRequest('/api/auth/sign-out', { method: 'POST', body: {} })).resolves.toEqual({ ok: true });
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/auth/sign-out',
      expect.objectContaining({
        method: 'POST',
        credentials: 'include',
        body: '{}',
        headers: expect.objectContaining({ 'Content-Type': 'application/json' }),
      }),
    );
  });

  it('throws an ApiError with the server message on failure', async () => {
    vi.stubGlobal(
      'fetch',
      async () =>
        new Response(JSON.stringify({ code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' }), {
          status: 401,
        }),
    );
    await expect(apiRequest('/api/auth/sign-in/email', { body: {} })).rejects.toMatchObject({
      status: 401,
      message: 'Invalid email or password',
    });
  });

  it('turns a network failure into a readable ApiError', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    const error = await apiRequest('/api/health').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 0, code: 'NETWORK_ERROR' });
  });
});
