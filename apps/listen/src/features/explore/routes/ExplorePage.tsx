import { useSession } from '@shoal/core';
import { Link } from '@shoal/router';
import { t } from '../../../i18n/browse';
import '../../search/browse-pages.css';
import { QueryStatus } from '../../catalogue/components/QueryStatus';
import { useVisibleAlbums } from '../../content-filters/queries';
import { AlbumCard } from '../../library/components/AlbumCard';
import { ChannelCard } from '../../subscriptions/components/ChannelCard';
import { useNewAlbums, useNewChannels } from '../queries';

/** The explore page (product.md §2, Home content): a welcome, the newest albums and the newest channels. */
export default function ExplorePage() {
  const signedIn = useSession((state) => state.status === 'authenticated');
  const albums = useNewAlbums();
  const channels = useNewChannels();
  const visible = useVisibleAlbums();
  return (
    <section aria-labelledby="explore-title">
      <h1 id="explore-title">{t('explore.title')}</h1>
      <p>{t('explore.welcome')}</p>
      {!signedIn && (
        <p>
          <Link to="/login">{t('explore.login')}</Link>
        </p>
      )}
      <section aria-labelledby="explore-albums">
        <h2 id="explore-albums">{t('explore.newAlbums')}</h2>
        <QueryStatus
          query={albums}
          failedTitle={t('explore.albumsFailed')}
          isEmpty={(page) => page.results.length === 0}
        >
          {(page) => (
            <ul className="ui-card-grid">
              {visible(page.results).map((album) => (
                <AlbumCard key={album.id} album={album} />
              ))}
            </ul>
          )}
        </QueryStatus>
      </section>
      <section aria-labelledby="explore-channels">
        <h2 id="explore-channels">{t('explore.newChannels')}</h2>
        <QueryStatus
          query={channels}
          failedTitle={t('explore.channelsFailed')}
          isEmpty={(page) => page.results.length === 0}
        >
          {(page) => (
            <ul className="ui-card-grid">
              {page.results.map((channel) => (
                <ChannelCard key={channel.uuid} channel={channel} />
              ))}
            </ul>
          )}
        </QueryStatus>
      </section>
    </section>
  );
}
