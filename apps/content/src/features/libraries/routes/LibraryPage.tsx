import { ApiError } from '@shoal/core';
import { Link, Outlet, useParams } from '@shoal/router';
import { ErrorPanel, Loading, NotFound } from '@shoal/ui';
import { t } from '../../../i18n';
import { TabNav } from '../../common/TabNav';
import { useLibrary } from '../queries';

/** A library's page: its sections as tabs and the Upload button (product.md §2, Content). */
export default function LibraryPage() {
  const { id = '' } = useParams();
  const library = useLibrary(id);
  if (library.isPending) return <Loading label={t('common.loading')} />;
  if (library.isError) {
    if (library.error instanceof ApiError && library.error.status === 404) return <NotFound />;
    return (
      <ErrorPanel title={t('common.loadError')} onRetry={() => library.refetch()} retryLabel={t('common.retry')}>
        {library.error.message}
      </ErrorPanel>
    );
  }
  const base = `/content/libraries/${id}`;
  return (
    <section aria-labelledby="library-title" className="content-page">
      <header className="content-header">
        <div>
          <h1 id="library-title">{library.data.name}</h1>
          <p className="content-muted">
            {t(`library.visibility.${library.data.privacy_level}`)} ·{' '}
            {t('libraries.uploads', { count: library.data.uploads_count })}
          </p>
        </div>
        <Link to={`/upload?library=${id}`} className="ui-button">
          {t('library.upload')}
        </Link>
      </header>
      <TabNav
        label={t('library.tabs')}
        tabs={[
          { to: base, label: t('library.tab.albums'), end: true },
          { to: `${base}/artists`, label: t('library.tab.artists') },
          { to: `${base}/tracks`, label: t('library.tab.tracks') },
          { to: `${base}/edit`, label: t('library.tab.edit') },
        ]}
      />
      <Outlet context={library.data} />
    </section>
  );
}
