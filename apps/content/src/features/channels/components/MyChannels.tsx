import { Link } from '@shoal/router';
import { ErrorAlert, Loading } from '@shoal/ui';
import { t } from '../../../i18n';
import { channelPath, useMyChannels } from '../queries';

/** My channels on the overview's publishing tab: publish into one, or see its episodes. */
export function MyChannels() {
  const channels = useMyChannels();
  if (channels.isPending) return <Loading label={t('common.loading')} />;
  if (channels.isError) return <ErrorAlert title={t('common.loadError')} messages={[channels.error.message]} />;
  const list = channels.data.results;
  if (list.length === 0) return <p className="content-muted">{t('channel.mine.empty')}</p>;
  return (
    <ul className="content-list" aria-label={t('channel.mine')}>
      {list.map((channel) => {
        const name = channel.artist.name;
        const podcast = channel.artist.content_category === 'podcast';
        const publish = t(podcast ? 'channel.publish.episode' : 'channel.publish.track');
        return (
          <li key={channel.uuid}>
            <Link to={channelPath(channel)}>{name}</Link>{' '}
            <span className="content-muted">({t(podcast ? 'channel.kind.podcast' : 'channel.kind.music')})</span>
            <span className="content-links">
              <Link
                to={`/upload?channel=${encodeURIComponent(channel.uuid)}`}
                aria-label={t('channel.labelled', { action: publish, name })}
              >
                {publish}
              </Link>
              <Link
                to={`${channelPath(channel)}/episodes`}
                aria-label={t('channel.labelled', { action: t('channel.episodes'), name })}
              >
                {t('channel.episodes')}
              </Link>
            </span>
          </li>
        );
      })}
    </ul>
  );
}
