import { useEffect, useId } from 'react';
import { useStore } from 'zustand';
import { t } from '../i18n';
import { applyTheme, setTheme, THEMES, type Theme, themeStore } from './theme-store';

/** The auto / light / dark choice, in the sidebar. */
export function ThemeSelect() {
  const id = useId();
  const theme = useStore(themeStore, (state) => state.theme);
  useEffect(() => applyTheme(theme), [theme]);
  return (
    <div className="host-theme">
      <label htmlFor={id}>{t('theme.label')}</label>
      <select id={id} value={theme} onChange={(event) => setTheme(event.target.value as Theme)}>
        {THEMES.map((option) => (
          <option key={option} value={option}>
            {t(`theme.${option}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
