import { Link } from '@shoal/router';
import { t } from '../../i18n';

/** Any listen path that leads nowhere (product.md §2: anything else shows a page-not-found screen). */
export function NotFoundPage() {
  return (
    <section aria-labelledby="not-found-title">
      <h1 id="not-found-title">{t('notFound.title')}</h1>
      <p>{t('notFound.body')}</p>
      <Link to="/library">{t('notFound.home')}</Link>
    </section>
  );
}
