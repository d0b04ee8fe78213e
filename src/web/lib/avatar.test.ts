import { describe, expect, it } from 'vitest';
import { avatarFallbackLetter } from './avatar';

describe('avatarFallbackLetter', () => {
  it('uses the uppercased first letter of the name', () => {
    expect(avatarFallbackLetter('luna Martinez', 'luna@example.com')).toBe('L');
  });

  it('falls back to the email when the name is empty or blank', () => {
    expect(avatarFallbackLetter('', 'sol@example.com')).toBe('S');
    expect(avatarFallbackLetter('   ', 'sol@example.com')).toBe('S');
    expect(avatarFallbackLetter(null, 'sol@example.com')).toBe('S');
  });

  it('keeps a whole character when the name starts outside the basic plane', () => {
    expect(avatarFallbackLetter('🌙 Moon', '')).toBe('🌙');
  });

  it('shows a question mark when there is nothing to use', () => {
    expect(avatarFallbackLetter('', '')).toBe('?');
  });
});
