import { useSession } from '@shoal/core';
import { Link, NavLink } from '@shoal/router';
import { useStore } from 'zustand';
import { t } from '../i18n';
import { NAV_LABEL_KEYS } from '../i18n/nav-labels';
import { countsStore } from '../notifications/counts-store';
import { openShortcuts } from '../shortcuts/actions';
import { ThemeSelect } from '../theme/ThemeSelect';
import { isNavItemVisible, NAV_SECTIONS } from './navigation';

const label = (id: string, fallback: string) => {
  const key = NAV_LABEL_KEYS[id];
  return key ? t(key) : fallback;
};

/** A count beside a sidebar entry: the number on screen, its meaning for screen readers; nothing at 0. */
function Count({ value, label }: { value: number; label: string }) {
  if (value <= 0) return null;
  return (
    <>
      {' '}
      <span className="host-count" aria-hidden="true">
        {value}
      </span>
      <span className="visually-hidden">({label})</span>
    </>
  );
}

export function Sidebar() {
  const counts = useStore(countsStore);
  const authenticated = useSession((state) => state.status === 'authenticated');
  const permissions = useSession((state) => state.permissions);
  const username = useSession((state) => state.profile?.username);
  return (
    <aside className="host-sidebar">
      <Link to="/" className="host-brand">
        {t('layout.brand')}
      </Link>
      <nav aria-label={t('nav.main')}>
        {NAV_SECTIONS.map((section) => {
          const items = section.items.filter((item) => isNavItemVisible(item, authenticated, permissions));
          if (items.length === 0) return null;
          return (
            <div key={section.label} className="host-nav-section">
              <h2 className="host-nav-section__title">{label(section.label, section.label)}</h2>
              <ul>
                {items.map((item) => (
                  <li key={item.to}>
                    <NavLink to={item.to} end={item.to === '/' || item.to === '/library'}>
                      {label(item.to, item.label)}
                      {item.to === '/manage/library' && (
                        <Count value={counts.edits} label={t('nav.pendingEdits', { count: counts.edits })} />
                      )}
                      {item.to === '/manage/moderation' && (
                        <Count
                          value={counts.reports + counts.requests}
                          label={t('nav.pendingModeration', { count: counts.reports + counts.requests })}
                        />
                      )}
                    </NavLink>
                  </li>
                ))}
                {section === NAV_SECTIONS[0] && authenticated && (
                  <li>
                    <NavLink to="/notifications">
                      {t('nav.notifications')}
                      <Count value={counts.inbox} label={t('nav.unread', { count: counts.inbox })} />
                    </NavLink>
                  </li>
                )}
              </ul>
            </div>
          );
        })}
      </nav>
      <div className="host-account">
        <ThemeSelect />
        <p className="host-account__links">
          <Link to="/about">{t('nav.about')}</Link>
          <button type="button" className="ui-link-button" onClick={openShortcuts}>
            {t('nav.shortcuts')}
          </button>
        </p>
        {authenticated ? (
          <>
            <span title={username}>{username}</span> <Link to="/logout">{t('account.logOut')}</Link>
          </>
        ) : (
          <Link to="/login">{t('account.logIn')}</Link>
        )}
      </div>
    </aside>
  );
}
