import { NotFound } from '@shoal/ui';
import { t } from '../i18n';

export function NotFoundPage() {
  return <NotFound labels={{ title: t('notFound.title'), body: t('notFound.body'), home: t('notFound.home') }} />;
}
