import { useSession } from '@shoal/core';
import { Link, NavLink, useParams, useSearchParams } from '@shoal/router';
import { CopyField } from '@shoal/ui';
import { t } from '../../../i18n/browse';
import '../../search/browse-pages.css';
import { Description } from '../../catalogue/components/Description';
import { DetailHeader } from '../../catalogue/components/DetailHeader';
import { MoreLinksMenu } from '../../catalogue/components/MoreLinksMenu';
import { QueryStatus } from '../../catalogue/components/QueryStatus';
import { TrackTable } from '../../catalogue/components/TrackTable';
import { coverUrl } from '../../catalogue/credits';
import { HideArtistButton } from '../../content-filters/components/HideArtistButton';
import { PagedResults } from '../../favorites/components/PagedResults';
import { AlbumCard } from '../../library/components/AlbumCard';
import { DetailMenu } from '../../menus/DetailMenu';
import { NotFoundPage } from '../../not-found/NotFoundPage';
import { ReportButton } from '../../reports/components/ReportButton';
import { SubscribeButton } from '../../subscriptions/components/SubscribeButton';
import { type ChannelDetail, useChannel, useEpisodes, useSeries } from '../queries';

/** Episodes per page on the episodes tab; the overview shows the latest few. */
const EPISODES_PAGE = 30;
const LATEST = 5;

/** `/channels/:id` (overview) and `/channels/:id/episodes`. */
export default function ChannelDetailPage() {
  const { id = '', '*': rest = '' } = useParams();
  const channel = useChannel(id);
  const me = useSession((state) => state.profile?.full_username);
  if (rest !== '' && rest !== 'episodes') return <NotFoundPage />;
  const base = `/channels/${id}`;
  return (
    <QueryStatus query={channel} failedTitle={t('channels.failed')}>
      {(data) => {
        const owner = Boolean(me && data.attributed_to?.full_username === me);
        return (
          <article aria-labelledby="channel-title">
            <DetailHeader titleId="channel-title" title={data.artist.name} cover={coverUrl(data.artist.cover, 'large')}>
              {data.actor?.full_username && <p className="listen-meta">@{data.actor.full_username}</p>}
              <DetailMenu
                kind="channel"
                id={data.uuid}
                name={data.artist.name}
                isLocal={data.artist.is_local}
                path={base}
                canDelete={owner}
                deleteUrl={`channels/${data.uuid}/`}
                afterDelete="/library/channels"
                links={owner ? [{ href: `/content/channels/${data.uuid}/edit`, label: t('channels.edit') }] : []}
              />
              <MoreLinksMenu
                kind="channel"
                id={data.uuid}
                composite={data.actor?.full_username}
                name={data.artist.name}
                isLocal={data.artist.is_local}
              />
              <div className="listen-actions">
                <SubscribeButton channel={data.uuid} name={data.artist.name} />
                <HideArtistButton artist={data.artist} />
                <ReportButton target={{ type: 'channel', id: data.uuid, label: data.artist.name }} />
              </div>
            </DetailHeader>
            <nav aria-label={t('channels.sections')} className="listen-tabs">
              <ul>
                <li>
                  <NavLink end to={base} className="listen-tab">
                    {t('channels.overview')}
                  </NavLink>
                </li>
                <li>
                  <NavLink to={`${base}/episodes`} className="listen-tab">
                    {t('channels.episodes')}
                  </NavLink>
                </li>
              </ul>
            </nav>
            {rest === 'episodes' ? <Episodes channel={data} /> : <Overview channel={data} base={base} />}
          </article>
        );
      }}
    </QueryStatus>
  );
}

function Overview({ channel, base }: { channel: ChannelDetail; base: string }) {
  const latest = useEpisodes(channel.uuid, 1, LATEST);
  const series = useSeries(channel.uuid);
  return (
    <>
      <Description description={channel.description ?? channel.artist.description} />
      <SubscribeWays channel={channel} />
      <section aria-labelledby="channel-latest">
        <h2 id="channel-latest">{t('channels.latest')}</h2>
        <QueryStatus
          query={latest}
          failedTitle={t('channels.episodesFailed')}
          isEmpty={(page) => page.results.length === 0}
          emptyText={t('channels.noEpisodes')}
        >
          {(page) => (
            <>
              <TrackTable tracks={page.results} caption={t('channels.latest')} showArtist={false} />
              {page.count > page.results.length && <Link to={`${base}/episodes`}>{t('common.viewAll')}</Link>}
            </>
          )}
        </QueryStatus>
      </section>
      <section aria-labelledby="channel-series">
        <h2 id="channel-series">{t('channels.series')}</h2>
        <QueryStatus
          query={series}
          failedTitle={t('channels.episodesFailed')}
          isEmpty={(page) => page.results.length === 0}
          emptyText={t('channels.noSeries')}
        >
          {(page) => (
            <ul className="ui-card-grid">
              {page.results.map((album) => (
                <AlbumCard key={album.id} album={album} />
              ))}
            </ul>
          )}
        </QueryStatus>
      </section>
    </>
  );
}

/** product.md §2: a channel can be followed from the fediverse, from a podcast app, or by its RSS feed. */
function SubscribeWays({ channel }: { channel: ChannelDetail }) {
  // A podcast subscribed to by its RSS feed has no fediverse account to follow.
  const handle =
    channel.actor?.full_username && channel.actor.is_local !== false ? `@${channel.actor.full_username}` : null;
  return (
    <section aria-labelledby="channel-subscribe">
      <h2 id="channel-subscribe">{t('channels.subscribeWays')}</h2>
      {handle && (
        <CopyField
          label={t('channels.viaFediverse')}
          value={handle}
          copyLabel={t('profile.copy')}
          copiedLabel={t('profile.copied')}
        />
      )}
      {channel.rss_url && (
        <>
          <CopyField
            label={t('channels.viaApp')}
            value={channel.rss_url}
            copyLabel={t('profile.copy')}
            copiedLabel={t('profile.copied')}
          />
          <p>
            <a href={channel.rss_url} target="_blank" rel="noopener noreferrer">
              {t('channels.viaRss')}
            </a>
          </p>
        </>
      )}
    </section>
  );
}

function Episodes({ channel }: { channel: ChannelDetail }) {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const episodes = useEpisodes(channel.uuid, page, EPISODES_PAGE);
  return (
    <section aria-labelledby="channel-episodes">
      <h2 id="channel-episodes">{t('channels.episodes')}</h2>
      <PagedResults
        query={episodes}
        page={page}
        pageSize={EPISODES_PAGE}
        onPage={(next) => setParams({ page: String(next) })}
        failedTitle={t('channels.episodesFailed')}
        emptyText={t('channels.noEpisodes')}
      >
        {(items) => <TrackTable tracks={items} caption={t('channels.episodes')} showArtist={false} />}
      </PagedResults>
    </section>
  );
}
