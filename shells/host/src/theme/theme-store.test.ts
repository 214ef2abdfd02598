import { afterEach, describe, expect, it } from 'vitest';
import { applyTheme, setTheme, themeStore } from './theme-store';

afterEach(() => {
  localStorage.clear();
  document.body.className = '';
});

describe('theme', () => {
  it('puts light or dark on the body, and nothing for auto', () => {
    applyTheme('dark');
    expect(document.body).toHaveClass('theme-dark');
    applyTheme('light');
    expect(document.body).toHaveClass('theme-light');
    expect(document.body).not.toHaveClass('theme-dark');
    applyTheme('auto');
    expect(document.body.className).toBe('');
  });

  it('remembers the choice', () => {
    setTheme('dark');
    expect(themeStore.getState().theme).toBe('dark');
    expect(localStorage.getItem('shoal.theme')).toBe('dark');
  });
});
