import { Link } from '@shoal/router';
import { formatSize } from '@shoal/text';
import { EmptyState, ErrorPanel, Loading } from '@shoal/ui';
import { t } from '../../../i18n';
import { QuotaPanel } from '../../quota/QuotaPanel';
import { useMyLibraries } from '../queries';

/** `/content/libraries`: my libraries, or the empty state (product.md §2, Content). */
export default function LibrariesPage() {
  const libraries = useMyLibraries();
  return (
    <section aria-labelledby="libraries-title" className="content-page">
      <h1 id="libraries-title">{t('libraries.title')}</h1>
      <p className="content-links">
        <Link to="/content/libraries/new" className="ui-button">
          {t('libraries.create')}
        </Link>
        <Link to="/content/libraries/tracks">{t('libraries.searchTracks')}</Link>
      </p>
      {libraries.isPending ? (
        <Loading label={t('common.loading')} />
      ) : libraries.isError ? (
        <ErrorPanel title={t('common.loadError')} onRetry={() => libraries.refetch()} retryLabel={t('common.retry')}>
          {libraries.error.message}
        </ErrorPanel>
      ) : libraries.data.results.length === 0 ? (
        <EmptyState title={t('libraries.empty.title')}>
          <p>{t('libraries.empty.text')}</p>
        </EmptyState>
      ) : (
        <ul className="content-cards">
          {libraries.data.results.map((library) => (
            <li key={library.uuid} className="content-card">
              <h2>
                <Link to={`/content/libraries/${library.uuid}`}>{library.name}</Link>
              </h2>
              <p>{t(`library.visibility.${library.privacy_level}`)}</p>
              <p className="content-muted">
                {t('libraries.uploads', { count: library.uploads_count })} · {formatSize(library.size ?? 0)}
              </p>
            </li>
          ))}
        </ul>
      )}
      <QuotaPanel />
    </section>
  );
}
