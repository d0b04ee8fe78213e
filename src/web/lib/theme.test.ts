import { describe, expect, it } from 'vitest';
import { parseTheme, readStoredTheme, storeTheme, THEME_STORAGE_KEY } from './theme';

function memoryStorage(initial: Record<string, string> = {}) {
  const values = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
    values,
  };
}

describe('theme preference', () => {
  it('defaults to dark', () => {
    expect(parseTheme(null)).toBe('dark');
    expect(parseTheme('purple')).toBe('dark');
    expect(readStoredTheme(memoryStorage())).toBe('dark');
  });

  it('reads and writes the light choice under the key "theme"', () => {
    const storage = memoryStorage();
    storeTheme('light', storage);
    expect(storage.values.get(THEME_STORAGE_KEY)).toBe('light');
    expect(readStoredTheme(storage)).toBe('light');
  });

  it('falls back to dark when storage is blocked', () => {
    const blocked = {
      getItem: () => {
        throw new Error('SecurityError');
      },
    };
    expect(readStoredTheme(blocked)).toBe('dark');
  });
});
