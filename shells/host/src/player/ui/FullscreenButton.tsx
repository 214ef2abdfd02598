import { toggleFullscreenPlayer } from '../ui-state';
import { usePlayer, usePlayerUi } from '../use-player';
import { Icon } from './Icon';

export function FullscreenButton() {
  const open = usePlayerUi((state) => state.fullscreenOpen);
  const empty = usePlayer((state) => state.entries.length === 0);
  return (
    <button
      type="button"
      className="player-button"
      aria-label="Full-screen player"
      aria-expanded={open}
      disabled={empty}
      onClick={() => toggleFullscreenPlayer()}
    >
      <Icon name="expand" />
    </button>
  );
}
