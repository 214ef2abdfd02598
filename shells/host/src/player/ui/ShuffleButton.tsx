import { player } from '../player';
import { usePlayer } from '../use-player';
import { Icon } from './Icon';

export function ShuffleButton() {
  const shuffled = usePlayer((state) => state.unshuffledKeys !== null);
  const empty = usePlayer((state) => state.entries.length === 0);
  return (
    <button
      type="button"
      className="player-button"
      aria-label="Shuffle"
      title={shuffled ? 'Back to the original order' : 'Shuffle the queue'}
      aria-pressed={shuffled}
      disabled={empty}
      onClick={() => player.toggleShuffle()}
    >
      <Icon name="shuffle" />
    </button>
  );
}
