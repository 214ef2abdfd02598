import { toggleQueuePanel } from '../ui-state';
import { usePlayer, usePlayerUi } from '../use-player';
import { Icon } from './Icon';

export const QUEUE_PANEL_ID = 'player-queue';

export function QueueButton() {
  const open = usePlayerUi((state) => state.queueOpen);
  const count = usePlayer((state) => state.entries.length);
  return (
    <button
      type="button"
      className="player-button"
      aria-label={`Queue (${count})`}
      aria-expanded={open}
      aria-controls={open ? QUEUE_PANEL_ID : undefined}
      onClick={() => toggleQueuePanel()}
    >
      <Icon name="queue" />
      <span className="player-button__count" aria-hidden="true">
        {count}
      </span>
    </button>
  );
}
