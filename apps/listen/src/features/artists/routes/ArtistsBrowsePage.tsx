import { t } from '../../../i18n';
import { type BrowseConfig, browseQuery, useBrowseState } from '../../browse/browse-params';
import { BrowseControls } from '../../browse/components/BrowseControls';
import { BrowseResults } from '../../browse/components/BrowseResults';
import { useArtists } from '../../catalogue/queries';
import { useVisibleArtists } from '../../content-filters/queries';
import { ArtistCard } from '../components/ArtistCard';

/** calls.md §9.2: artists are paginated by 30. */
const ARTISTS: BrowseConfig = {
  orderings: ['name', 'creation_date', 'modification_date'],
  defaultOrdering: 'name',
  defaultPaginateBy: 30,
  paginateByOptions: [12, 25, 30, 50, 100],
  flags: ['excludeCompilation'],
};

/** calls.md §9.2: podcasts are paginated by 30 too; they have no compilation toggle. */
const PODCASTS: BrowseConfig = { ...ARTISTS, flags: [] };

export interface ArtistsBrowsePageProps {
  /** `me`: only what is in the listener's own libraries (`/library/me/artists`). */
  scope?: 'me';
  /** `podcast` lists podcasts (`/library/podcasts`) instead of music artists. */
  category?: 'music' | 'podcast';
}

/** `/library/artists`, `/library/me/artists` and `/library/podcasts`, filtered and ordered from the URL. */
export default function ArtistsBrowsePage({ scope, category = 'music' }: ArtistsBrowsePageProps) {
  const podcasts = category === 'podcast';
  const config = podcasts ? PODCASTS : ARTISTS;
  const [state, update] = useBrowseState(config);
  const title = podcasts
    ? t('browse.podcastsTitle')
    : scope === 'me'
      ? t('browse.myArtistsTitle')
      : t('browse.artistsTitle');
  const visible = useVisibleArtists();
  const artists = useArtists({
    ...browseQuery(state),
    scope,
    content_category: category,
    // Compilation artists are the ones credited on tracks but owning no album.
    has_albums: state.flags.excludeCompilation ? true : undefined,
  });
  return (
    <section aria-labelledby="artists-title">
      <h1 id="artists-title">{title}</h1>
      <BrowseControls
        state={state}
        config={config}
        onChange={update}
        searchHint={podcasts ? t('browse.searchPodcastsHint') : t('browse.searchArtistsHint')}
        flags={podcasts ? [] : [{ name: 'excludeCompilation', label: t('browse.excludeCompilation') }]}
      />
      <BrowseResults
        query={artists}
        page={state.page}
        paginateBy={state.paginateBy}
        onPage={(page) => update({ page })}
      >
        {(items) => (
          <ul className="ui-card-grid">
            {visible(items).map((artist) => (
              <ArtistCard key={artist.id} artist={artist} />
            ))}
          </ul>
        )}
      </BrowseResults>
    </section>
  );
}
