import { describe, expect, it } from 'vitest';
import { acceptedEncoding, matchesEtag } from './http-caching';

describe('acceptedEncoding', () => {
  it.each([
    ['gzip, deflate, br', 'br'],
    ['gzip, deflate', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['gzip;q=0.0, br;q=0', null],
    ['identity', null],
    ['*', 'gzip'],
    ['', null],
    [undefined, null],
    ['BR;q=0.5', 'br'],
  ])('%s → %s', (header, expected) => {
    expect(acceptedEncoding(header)).toBe(expected);
  });
});

describe('matchesEtag', () => {
  const etag = 'W/"abc"';
  it.each([
    ['W/"abc"', true],
    ['"abc"', true],
    ['"x", W/"abc"', true],
    ['*', true],
    ['"abcd"', false],
    [undefined, false],
  ])('%s → %s', (header, expected) => {
    expect(matchesEtag(header, etag)).toBe(expected);
  });
});
