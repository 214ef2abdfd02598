import { player } from '../player';
import { usePlayer } from '../use-player';
import { Icon } from './Icon';

export function TransportControls() {
  const isPlaying = usePlayer((state) => state.isPlaying);
  const empty = usePlayer((state) => state.entries.length === 0);
  return (
    <div className="player-transport">
      <button
        type="button"
        className="player-button"
        aria-label="Previous track"
        disabled={empty}
        onClick={() => player.previous()}
      >
        <Icon name="previous" />
      </button>
      <button
        type="button"
        className="player-button player-button--main"
        aria-label={isPlaying ? 'Pause' : 'Play'}
        disabled={empty}
        onClick={() => player.togglePlay()}
      >
        <Icon name={isPlaying ? 'pause' : 'play'} />
      </button>
      <button
        type="button"
        className="player-button"
        aria-label="Next track"
        disabled={empty}
        onClick={() => player.next()}
      >
        <Icon name="next" />
      </button>
    </div>
  );
}
