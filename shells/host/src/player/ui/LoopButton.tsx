import type { LoopMode } from '../engine/player-state';
import { player } from '../player';
import { usePlayer } from '../use-player';
import { Icon } from './Icon';

const LABELS: Record<LoopMode, string> = {
  none: 'Loop: off',
  single: 'Loop: this track',
  queue: 'Loop: whole queue',
};

/** Cycles none → single track → whole queue; the name says the mode now in force. */
export function LoopButton() {
  const loop = usePlayer((state) => state.loop);
  return (
    <button
      type="button"
      className="player-button"
      aria-label={LABELS[loop]}
      title={LABELS[loop]}
      aria-pressed={loop !== 'none'}
      onClick={() => player.cycleLoop()}
    >
      <Icon name={loop === 'single' ? 'loopOne' : 'loop'} />
    </button>
  );
}
