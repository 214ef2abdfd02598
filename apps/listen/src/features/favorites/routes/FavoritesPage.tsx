import { useId } from 'react';
import { t } from '../../../i18n/browse';
import '../../search/browse-pages.css';
import { type BrowseConfig, useBrowseState } from '../../browse/browse-params';
import { TrackTable } from '../../catalogue/components/TrackTable';
import { useVisibleTracks } from '../../content-filters/queries';
import { PlayButton } from '../../player-actions/PlayButton';
import { PagedResults } from '../components/PagedResults';
import { FAVORITES_PAGE_SIZE, useFavorites } from '../queries';

/** The orderings `favorites/tracks/` understands, with their labels. */
const ORDERINGS = ['creation_date', 'track__title', 'track__album__title', 'track__artist__name'] as const;
const ORDERING_LABELS = {
  creation_date: 'favorites.order.date',
  track__title: 'favorites.order.title',
  track__album__title: 'favorites.order.album',
  track__artist__name: 'favorites.order.artist',
} as const;

const FAVORITES: BrowseConfig = {
  orderings: ORDERINGS,
  defaultOrdering: '-creation_date',
  defaultPaginateBy: FAVORITES_PAGE_SIZE,
  paginateByOptions: [FAVORITES_PAGE_SIZE],
};

/** `/favorites` (login required): the listener's favorite tracks; ordering and page live in the URL. */
export default function FavoritesPage() {
  const id = useId();
  const [state, update] = useBrowseState(FAVORITES);
  const ordering = `${state.descending ? '-' : ''}${state.orderingField}`;
  const favorites = useFavorites(ordering, state.page);
  const visible = useVisibleTracks();
  return (
    <section aria-labelledby="favorites-title">
      <h1 id="favorites-title">{t('favorites.title')}</h1>
      <div className="listen-browse-controls">
        <div className="ui-field">
          <label htmlFor={`${id}-order`}>{t('browse.ordering')}</label>
          <select
            id={`${id}-order`}
            value={state.orderingField}
            onChange={(event) => update({ orderingField: event.target.value })}
          >
            {ORDERINGS.map((field) => (
              <option key={field} value={field}>
                {t(ORDERING_LABELS[field])}
              </option>
            ))}
          </select>
        </div>
        <div className="ui-field">
          <label htmlFor={`${id}-direction`}>{t('browse.direction')}</label>
          <select
            id={`${id}-direction`}
            value={state.descending ? 'desc' : 'asc'}
            onChange={(event) => update({ descending: event.target.value === 'desc' })}
          >
            <option value="asc">{t('browse.ascending')}</option>
            <option value="desc">{t('browse.descending')}</option>
          </select>
        </div>
      </div>
      <PagedResults
        query={favorites}
        page={state.page}
        pageSize={FAVORITES_PAGE_SIZE}
        onPage={(page) => update({ page })}
        failedTitle={t('favorites.failed')}
        emptyText={t('favorites.empty')}
      >
        {(items) => {
          const tracks = visible(items.map((item) => item.track));
          return (
            <>
              <PlayButton tracks={tracks} label={t('common.playAll')} />
              <TrackTable tracks={tracks} caption={t('favorites.title')} />
            </>
          );
        }}
      </PagedResults>
    </section>
  );
}
