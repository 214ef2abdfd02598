import { Link } from '@shoal/router';
import { coverUrl } from '../../catalogue/credits';
import type { Channel } from '../queries';
import { SubscribeButton } from './SubscribeButton';

/** A channel in a grid: cover, name (the link to its page) and the subscribe toggle. */
export function ChannelCard({ channel }: { channel: Channel }) {
  const cover = coverUrl(channel.artist.cover);
  return (
    <li className="ui-card listen-card">
      {cover ? (
        <img src={cover} alt="" width={160} height={160} loading="lazy" />
      ) : (
        <div className="listen-card__placeholder" />
      )}
      <Link to={`/library/artists/${channel.artist.id}`} className="listen-card__title">
        {channel.artist.name}
      </Link>
      {channel.actor?.full_username && <div className="listen-card__meta">@{channel.actor.full_username}</div>}
      <SubscribeButton channel={channel.uuid} name={channel.artist.name} />
    </li>
  );
}
