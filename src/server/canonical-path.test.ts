import { describe, expect, it } from 'vitest';
import { isCanonicalPath } from './canonical-path';

describe('isCanonicalPath', () => {
  it.each([
    '/',
    '/api/auth/sign-in/email',
    '/api/readers?search=./..//%61',
    '/readers/',
    '/readers/caf%C3%A9',
    '/api/community/posts/abc-123_x~y',
    '/assets/index-Bx9.js',
  ])('accepts %s', (url) => expect(isCanonicalPath(url)).toBe(true));

  it.each([
    '/api/auth/./sign-in/email',
    '/api/auth/x/../sign-in/email',
    '/api/auth/sign-in/email/.',
    '//api/readers',
    '/api//readers',
    '/%61pi/payments/wallet-deposit',
    '/api/%72eaders',
    '/api/readers%2Fx',
    '/api/readers%2fx',
    '/api\\readers',
    '/api/%2e%2e/readers',
    '/api/%7Ebob',
    'api/readers',
    '*',
  ])('refuses %s', (url) => expect(isCanonicalPath(url)).toBe(false));
});
