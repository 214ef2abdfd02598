import { useSession } from '@shoal/core';
import { Link, useLocation } from '@shoal/router';
import { Loading } from '@shoal/ui';
import type { ReactNode } from 'react';
import { t } from '../../i18n';

/** Content screens are the signed-in user's own: visitors are asked to sign in first. */
export function RequireSignIn({ children }: { children: ReactNode }) {
  const status = useSession((state) => state.status);
  const location = useLocation();
  if (status === 'unknown') return <Loading label={t('common.loading')} />;
  if (status !== 'authenticated') {
    const next = `${location.pathname}${location.search}`;
    return (
      <section className="content-page">
        <h1>{t('overview.title')}</h1>
        <p>
          <Link to={`/login?next=${encodeURIComponent(next)}`}>{t('signIn.link')}</Link>
        </p>
      </section>
    );
  }
  return <>{children}</>;
}
