import { Link, useParams } from '@shoal/router';
import { ErrorPanel, Loading, NoResults } from '@shoal/ui';
import { useState } from 'react';
import { t } from '../../../i18n';
import { Pager } from '../components/Pager';
import { LIBRARY_PAGE_SIZE, useLibraryItems } from '../queries';

interface Item {
  id: number;
  name?: string;
  title?: string;
  artist?: { name?: string } | null;
  artist_credit?: { credit?: string }[];
  album?: { title?: string } | null;
}

const LINK_BASE = { albums: '/library/albums', artists: '/library/artists', tracks: '/library/tracks' } as const;

function artistOf(item: Item): string {
  return item.artist_credit?.map((credit) => credit.credit ?? '').join('') || item.artist?.name || '';
}

/** Albums, artists or tracks of the library, linking to the listen pages. */
export default function LibraryItemsTab({ kind }: { kind: 'albums' | 'artists' | 'tracks' }) {
  const { id = '' } = useParams();
  const [page, setPage] = useState(1);
  const items = useLibraryItems<Item>(id, kind, page);
  const heading = t(`library.tab.${kind}`);
  if (items.isPending) return <Loading label={t('common.loading')} />;
  if (items.isError) {
    return (
      <ErrorPanel title={t('common.loadError')} onRetry={() => items.refetch()} retryLabel={t('common.retry')}>
        {items.error.message}
      </ErrorPanel>
    );
  }
  return (
    <section aria-label={heading}>
      <h2>{heading}</h2>
      {items.data.results.length === 0 ? (
        <NoResults title={t('library.empty')} onRefresh={() => items.refetch()} refreshLabel={t('common.refresh')} />
      ) : (
        <ul className="content-list">
          {items.data.results.map((item) => (
            <li key={item.id}>
              <Link to={`${LINK_BASE[kind]}/${item.id}`}>{item.title ?? item.name}</Link>
              {kind !== 'artists' && artistOf(item) && <span className="content-muted"> · {artistOf(item)}</span>}
              {kind === 'tracks' && item.album?.title && <span className="content-muted"> · {item.album.title}</span>}
            </li>
          ))}
        </ul>
      )}
      <Pager page={page} count={items.data.count} pageSize={LIBRARY_PAGE_SIZE} onPage={setPage} />
    </section>
  );
}
