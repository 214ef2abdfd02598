import { NoResults } from '@shoal/ui';
import { t } from '../../i18n';

/**
 * `/notifications`: the inbox needs `federation/inbox/`, which the embedded pod does not answer
 * yet; until it does, the page says so instead of failing.
 */
export default function NotificationsPage() {
  return (
    <section aria-labelledby="notifications-title">
      <h1 id="notifications-title">{t('notifications.title')}</h1>
      <NoResults title={t('notifications.unavailable')} />
    </section>
  );
}
