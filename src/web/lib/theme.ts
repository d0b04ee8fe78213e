export const THEME_STORAGE_KEY = 'theme';
export const themes = ['dark', 'light'] as const;
export type Theme = (typeof themes)[number];
export const DEFAULT_THEME: Theme = 'dark';

export function parseTheme(value: string | null | undefined): Theme {
  return value === 'light' || value === 'dark' ? value : DEFAULT_THEME;
}

export function readStoredTheme(storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage): Theme {
  try {
    return parseTheme(storage?.getItem(THEME_STORAGE_KEY));
  } catch {
    // Storage can throw when the browser blocks it (private mode, policies); the default still works.
    return DEFAULT_THEME;
  }
}

export function storeTheme(
  theme: Theme,
  storage: Pick<Storage, 'setItem'> | undefined = globalThis.localStorage,
): void {
  try {
    storage?.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // Not persisting is acceptable: the choice still applies to this visit.
  }
}

export function applyTheme(theme: Theme, root: HTMLElement = document.documentElement): void {
  root.classList.toggle('dark', theme === 'dark');
  root.classList.toggle('light', theme === 'light');
  root.style.colorScheme = theme;
}
