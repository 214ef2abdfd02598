import { apiRequest } from '@shoal/core';
import { keepPreviousData, useQuery } from '@shoal/query';
import { Link, useSearchParams } from '@shoal/router';
import { ErrorPanel, Loading, NoResults } from '@shoal/ui';
import { type FormEvent, useState } from 'react';
import { t } from '../../../i18n';
import { contentKeys } from '../../common/query-keys';
import type { Paginated } from '../../common/types';
import { Pager } from '../components/Pager';
import { LIBRARY_PAGE_SIZE } from '../queries';

interface TrackRow {
  id: number;
  title: string;
  artist_credit?: { credit?: string }[];
  album?: { title?: string } | null;
}

/** `/content/libraries/tracks?q=`: tracks of my own libraries. */
export default function LibraryTracksPage() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const page = Number(params.get('page') ?? '1') || 1;
  const [draft, setDraft] = useState(q);
  const filters = { scope: 'me', q: q || undefined, page, page_size: LIBRARY_PAGE_SIZE, ordering: 'title' };
  const tracks = useQuery({
    queryKey: contentKeys.tracks(filters),
    queryFn: ({ signal }) => apiRequest<Paginated<TrackRow>>('tracks/', { query: filters, signal }),
    placeholderData: keepPreviousData,
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setParams(draft.trim() ? { q: draft.trim() } : {});
  };
  return (
    <section aria-labelledby="tracks-title" className="content-page">
      <h1 id="tracks-title">{t('tracks.title')}</h1>
      <search>
        <form onSubmit={submit} className="content-inline">
          <label htmlFor="tracks-q" className="visually-hidden">
            {t('tracks.search')}
          </label>
          <input id="tracks-q" type="search" value={draft} onChange={(event) => setDraft(event.target.value)} />
          <button type="submit" className="ui-button">
            {t('tracks.search')}
          </button>
        </form>
      </search>
      {tracks.isPending ? (
        <Loading label={t('common.loading')} />
      ) : tracks.isError ? (
        <ErrorPanel title={t('common.loadError')} onRetry={() => tracks.refetch()} retryLabel={t('common.retry')}>
          {tracks.error.message}
        </ErrorPanel>
      ) : tracks.data.results.length === 0 ? (
        <NoResults title={t('tracks.empty')} />
      ) : (
        <ul className="content-list">
          {tracks.data.results.map((track) => (
            <li key={track.id}>
              <Link to={`/library/tracks/${track.id}`}>{track.title}</Link>
              <span className="content-muted">
                {' '}
                · {track.artist_credit?.map((credit) => credit.credit ?? '').join('')}
                {track.album?.title ? ` · ${track.album.title}` : ''}
              </span>
            </li>
          ))}
        </ul>
      )}
      {tracks.data && (
        <Pager
          page={page}
          count={tracks.data.count}
          pageSize={LIBRARY_PAGE_SIZE}
          onPage={(next) => setParams({ ...(q ? { q } : {}), page: String(next) })}
        />
      )}
    </section>
  );
}
