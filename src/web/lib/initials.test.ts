import { describe, expect, it } from 'vitest';
import { nameInitials } from './initials';

describe('nameInitials', () => {
  it('takes the first letters of the first and last words', () => {
    expect(nameInitials('Aurora Starweaver')).toBe('AS');
    expect(nameInitials('  mary ann   de la cruz ')).toBe('MC');
  });

  it('uses one letter for one word and a question mark for none', () => {
    expect(nameInitials('Kai')).toBe('K');
    expect(nameInitials('   ')).toBe('?');
  });

  it('keeps letters outside the basic plane whole', () => {
    expect(nameInitials('𝒜urora Vale')).toBe('𝒜V');
  });
});
