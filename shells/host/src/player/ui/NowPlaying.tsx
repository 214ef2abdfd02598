import { currentEntry } from '../engine/player-state';
import { usePlayer } from '../use-player';
import { Icon } from './Icon';

/** Cover, title and artist of the current track. */
export function NowPlaying() {
  const track = usePlayer((state) => currentEntry(state)?.track ?? null);
  if (!track) return <p className="player-idle">Nothing is playing.</p>;
  return (
    <div className="player-now">
      {track.coverUrl ? (
        <img className="player-now__cover" src={track.coverUrl} alt="" width={48} height={48} />
      ) : (
        <span className="player-now__cover player-now__cover--empty">
          <Icon name="note" />
        </span>
      )}
      <div className="player-now__text">
        <p className="player-now__title" title={track.title}>
          {track.title}
        </p>
        <p className="player-now__artist" title={track.artistCredit}>
          {track.artistCredit}
        </p>
      </div>
    </div>
  );
}
