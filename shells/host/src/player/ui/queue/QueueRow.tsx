import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { type KeyboardEvent, memo } from 'react';
import type { QueueEntry } from '../../engine/player-state';
import { formatTime } from '../format-time';
import { Icon } from '../Icon';

export interface QueueRowProps {
  entry: QueueEntry;
  index: number;
  count: number;
  top: number;
  height: number;
  current: boolean;
  errored: boolean;
  onJump: (index: number) => void;
  onRemove: (index: number) => void;
  onMove: (from: number, to: number) => void;
}

export const REORDER_HELP_ID = 'player-queue-reorder-help';

/**
 * One queued track. Drag the handle with a pointer, or focus it and use ↑ / ↓ to move the track.
 * Memoised: while scrolling, rows that stay in view must not render again.
 */
export const QueueRow = memo(function QueueRow({
  entry,
  index,
  count,
  top,
  height,
  current,
  errored,
  onJump,
  onRemove,
  onMove,
}: QueueRowProps) {
  const { setNodeRef, setActivatorNodeRef, listeners, transform, transition, isDragging } = useSortable({
    id: entry.key,
  });
  const { track } = entry;
  const duration = track.sources[0]?.duration ?? null;

  const onHandleKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    const to =
      event.key === 'ArrowUp' ? index - 1 : event.key === 'ArrowDown' ? index + 1 : event.key === 'Home' ? 0 : null;
    const target = event.key === 'End' ? count - 1 : to;
    if (target === null || target < 0 || target >= count || target === index) return;
    event.preventDefault();
    onMove(index, target);
  };

  return (
    <li
      ref={setNodeRef}
      className={`queue-row${current ? ' queue-row--current' : ''}${isDragging ? ' queue-row--dragging' : ''}`}
      style={{ top, height, transform: CSS.Translate.toString(transform), transition }}
      aria-posinset={index + 1}
      aria-setsize={count}
      aria-current={current ? 'true' : undefined}
    >
      <button
        ref={setActivatorNodeRef}
        type="button"
        className="player-button queue-row__handle"
        aria-label={`Move ${track.title}, position ${index + 1} of ${count}`}
        aria-describedby={REORDER_HELP_ID}
        data-entry-key={entry.key}
        onKeyDown={onHandleKey}
        {...listeners}
      >
        <Icon name="drag" />
      </button>
      <button
        type="button"
        className="queue-row__main"
        aria-label={track.artistCredit ? `Play ${track.title} by ${track.artistCredit}` : `Play ${track.title}`}
        onClick={() => onJump(index)}
      >
        <span className="queue-row__title">
          {track.title}
          {errored ? <span className="queue-row__errored"> (could not be played)</span> : null}
        </span>
        <span className="queue-row__artist">{track.artistCredit}</span>
      </button>
      <span className="queue-row__duration">{duration !== null ? formatTime(duration) : ''}</span>
      <button
        type="button"
        className="player-button"
        aria-label={`Remove ${track.title} from the queue`}
        onClick={() => onRemove(index)}
      >
        <Icon name="remove" />
      </button>
    </li>
  );
});
