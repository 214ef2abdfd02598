import { useSession } from '@shoal/core';
import { Link, Navigate } from '@shoal/router';
import { t } from '../i18n';

/** `/`: signed-in listeners go straight to their library; visitors get a welcome. */
export function HomePage() {
  const authenticated = useSession((state) => state.status === 'authenticated');
  if (authenticated) return <Navigate to="/library" replace />;
  return (
    <section aria-labelledby="home-title">
      <h1 id="home-title">{t('home.title')}</h1>
      <p>{t('home.intro')}</p>
      <p>
        <Link to="/library">{t('home.browse')}</Link> {t('home.or')} <Link to="/login">{t('home.login')}</Link>.
      </p>
    </section>
  );
}
