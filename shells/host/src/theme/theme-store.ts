import { createStore } from 'zustand';

export type Theme = 'auto' | 'light' | 'dark';
export const THEMES: readonly Theme[] = ['auto', 'light', 'dark'];
const STORAGE_KEY = 'shoal.theme';

function readStored(): Theme {
  try {
    const stored = localStorage.getItem(STORAGE_KEY);
    return THEMES.includes(stored as Theme) ? (stored as Theme) : 'auto';
  } catch {
    return 'auto';
  }
}

export const themeStore = createStore<{ theme: Theme }>(() => ({ theme: readStored() }));

/**
 * Puts the theme on <body> (calls.md §9.3). `auto` sets no class: the style sheet then follows the
 * system's preference through `prefers-color-scheme`.
 */
export function applyTheme(theme: Theme, body: HTMLElement = document.body): void {
  body.classList.remove('theme-light', 'theme-dark');
  if (theme !== 'auto') body.classList.add(`theme-${theme}`);
}

export function setTheme(theme: Theme): void {
  try {
    localStorage.setItem(STORAGE_KEY, theme);
  } catch {
    // Without storage the choice lasts for this page only.
  }
  themeStore.setState({ theme });
  applyTheme(theme);
}
