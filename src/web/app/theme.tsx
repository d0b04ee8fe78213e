import { createContext, type ReactNode, useCallback, useContext, useMemo, useSyncExternalStore } from 'react';
import { applyTheme, DEFAULT_THEME, readStoredTheme, storeTheme, type Theme } from '@/lib/theme';

interface ThemeContextValue {
  theme: Theme;
  setTheme: (theme: Theme) => void;
  toggleTheme: () => void;
}

const ThemeContext = createContext<ThemeContextValue | null>(null);

/** A theme chosen in this tab, which holds even where storage refuses to keep it (private mode). */
let chosen: Theme | undefined;
const listeners = new Set<() => void>();
const currentTheme = () => chosen ?? readStoredTheme();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
function chooseTheme(next: Theme) {
  applyTheme(next);
  storeTheme(next);
  chosen = next;
  for (const listener of listeners) listener();
}

/**
 * Holds the theme chosen in main.tsx before the first paint and persists every change. A page
 * rendered on the server (decision 063) was rendered in the default theme, not knowing the visitor's:
 * it hydrates with that one, and React then renders the stored one (the page's colours already are,
 * from main.tsx), so a light-theme visitor gets no hydration mismatch.
 */
export function ThemeProvider({ children }: { children: ReactNode }) {
  const theme = useSyncExternalStore(subscribe, currentTheme, () => DEFAULT_THEME);
  const setTheme = useCallback((next: Theme) => chooseTheme(next), []);

  const toggleTheme = useCallback(() => setTheme(theme === 'dark' ? 'light' : 'dark'), [setTheme, theme]);

  const value = useMemo(() => ({ theme, setTheme, toggleTheme }), [theme, setTheme, toggleTheme]);
  return <ThemeContext.Provider value={value}>{children}</ThemeContext.Provider>;
}

export function useTheme(): ThemeContextValue {
  const value = useContext(ThemeContext);
  if (!value) throw new Error('useTheme must be used inside ThemeProvider');
  return value;
}
