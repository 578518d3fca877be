// The colour theme: the system's (prefers-color-scheme), or light or dark
// as chosen, remembered on this browser. The choice is an attribute on
// <html> (`data-theme`) that styles.css lets win over the system's; the
// CSP allows no inline style, and none is needed.
export type Theme = 'system' | 'light' | 'dark';

const KEY = 'tasklens.theme';

export function storedTheme(): Theme {
  try {
    const value = localStorage.getItem(KEY);
    return value === 'light' || value === 'dark' ? value : 'system';
  } catch {
    return 'system'; // storage refused (a locked-down browser): the system's
  }
}

export function applyTheme(theme: Theme): void {
  const root = document.documentElement;
  if (theme === 'system') delete root.dataset.theme;
  else root.dataset.theme = theme;
}

export function chooseTheme(theme: Theme): void {
  try {
    if (theme === 'system') localStorage.removeItem(KEY);
    else localStorage.setItem(KEY, theme);
  } catch {
    // Not remembered, still applied.
  }
  applyTheme(theme);
}
