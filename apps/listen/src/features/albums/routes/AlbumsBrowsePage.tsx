import { t } from '../../../i18n';
import { type BrowseConfig, browseQuery, useBrowseState } from '../../browse/browse-params';
import { BrowseControls } from '../../browse/components/BrowseControls';
import { BrowseResults } from '../../browse/components/BrowseResults';
import { useAlbums } from '../../catalogue/queries';
import { useVisibleAlbums } from '../../content-filters/queries';
import { AlbumCard } from '../../library/components/AlbumCard';

/** calls.md §9.2: albums are paginated by 30 in the v2 interface. */
const ALBUMS: BrowseConfig = {
  orderings: ['creation_date', 'title', 'release_date'],
  defaultOrdering: '-creation_date',
  defaultPaginateBy: 30,
  paginateByOptions: [12, 25, 30, 50, 100],
};

/** `/library/albums` and `/library/me/albums` (`scope="me"`: the listener's own), filtered and ordered from the URL. */
export default function AlbumsBrowsePage({ scope }: { scope?: 'me' }) {
  const [state, update] = useBrowseState(ALBUMS);
  const visible = useVisibleAlbums();
  const albums = useAlbums({ ...browseQuery(state), scope, content_category: 'music' });
  return (
    <section aria-labelledby="albums-title">
      <h1 id="albums-title">{scope === 'me' ? t('browse.myAlbumsTitle') : t('browse.albumsTitle')}</h1>
      <BrowseControls state={state} config={ALBUMS} onChange={update} searchHint={t('browse.searchAlbumsHint')} />
      <BrowseResults query={albums} page={state.page} paginateBy={state.paginateBy} onPage={(page) => update({ page })}>
        {(items) => (
          <ul className="ui-card-grid">
            {visible(items).map((album) => (
              <AlbumCard key={album.id} album={album} />
            ))}
          </ul>
        )}
      </BrowseResults>
    </section>
  );
}
