const THEME_KEY = 'docqa-admin-theme';

/** Light or dark. */
export type Theme = 'light' | 'dark';

/** The theme in effect: the administrator's choice, else the system's. */
export function currentTheme(): Theme {
  const saved = localStorage.getItem(THEME_KEY);
  if (saved === 'light' || saved === 'dark') return saved;
  return matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

/** Applies `theme` to the page (`data-theme` on `<html>`, which admin.css reads) and keeps the choice. */
export function applyTheme(theme: Theme, remember = false): void {
  document.documentElement.dataset.theme = theme;
  if (remember) localStorage.setItem(THEME_KEY, theme);
}

/** Follows the system's scheme until the administrator picks one. */
export function followSystemTheme(onChange: () => void): void {
  applyTheme(currentTheme());
  matchMedia('(prefers-color-scheme: dark)').addEventListener('change', () => {
    if (localStorage.getItem(THEME_KEY)) return;
    applyTheme(currentTheme());
    onChange();
  });
}
