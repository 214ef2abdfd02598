import {
  type Active,
  closestCenter,
  DndContext,
  type DragEndEvent,
  type Over,
  PointerSensor,
  type UniqueIdentifier,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { restrictToVerticalAxis } from '@dnd-kit/modifiers';
import { SortableContext, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { useVirtualizer } from '@tanstack/react-virtual';
import { type KeyboardEvent, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { player } from '../../player';
import { toggleQueuePanel } from '../../ui-state';
import { usePlayer } from '../../use-player';
import { Icon } from '../Icon';
import { QUEUE_PANEL_ID } from '../QueueButton';
import { QueueRow, REORDER_HELP_ID } from './QueueRow';

const ROW_HEIGHT = 56;
// Module-level so the drag context sees the same value on every render (a new array re-renders every row).
const MODIFIERS = [restrictToVerticalAxis];

/**
 * The queue: only the rows in view are in the DOM (TanStack Virtual), so 10,000 tracks scroll like ten.
 * Reordering works by dragging a handle (dnd-kit) or with the arrow keys on a focused handle.
 */
export default function QueuePanel() {
  const entries = usePlayer((state) => state.entries);
  const currentIndex = usePlayer((state) => state.currentIndex);
  const erroredKeys = usePlayer((state) => state.erroredKeys);
  const scrollRef = useRef<HTMLDivElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [announcement, setAnnouncement] = useState('');
  const [focusKey, setFocusKey] = useState<string | null>(null);
  const keys = useMemo(() => entries.map((entry) => entry.key), [entries]);

  const virtualizer = useVirtualizer({
    count: entries.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    getItemKey: (index) => entries[index]?.key ?? index,
    overscan: 8,
    initialRect: { width: 400, height: 600 },
    // Let React batch the rows' render into the frame instead of rendering synchronously per scroll event.
    useFlushSync: false,
  });

  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }));

  // Opening the panel shows the current track and moves focus into the panel.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only on open, not on every track change.
  useEffect(() => {
    headingRef.current?.focus();
    if (currentIndex > 0) virtualizer.scrollToIndex(currentIndex, { align: 'center' });
  }, []);

  // After a keyboard move, keep focus on the moved track's handle, scrolling it into view first.
  useEffect(() => {
    if (!focusKey) return;
    const index = keys.indexOf(focusKey);
    if (index < 0) return;
    virtualizer.scrollToIndex(index, { align: 'auto' });
    const frame = requestAnimationFrame(() => {
      scrollRef.current?.querySelector<HTMLButtonElement>(`[data-entry-key="${focusKey}"]`)?.focus();
      setFocusKey(null);
    });
    return () => cancelAnimationFrame(frame);
  }, [focusKey, keys, virtualizer]);

  /** Keyboard moves announce themselves here; drags are announced by dnd-kit with the texts below. */
  // Stable callbacks (reading the latest queue from the store) keep the memoised rows from re-rendering.
  const moveByKeyboard = useCallback((from: number, to: number) => {
    const entry = player.store.getState().entries[from];
    if (!entry) return;
    player.move(from, to);
    setAnnouncement(`${entry.track.title} moved to position ${to + 1} of ${player.store.getState().entries.length}.`);
    setFocusKey(entry.key);
  }, []);

  const onDragEnd = useCallback(
    ({ active, over }: DragEndEvent) => {
      if (!over || active.id === over.id) return;
      const from = keys.indexOf(String(active.id));
      const to = keys.indexOf(String(over.id));
      if (from >= 0 && to >= 0) player.move(from, to);
    },
    [keys],
  );

  const accessibility = useMemo(() => {
    const titleOf = (id: UniqueIdentifier) => entries[keys.indexOf(String(id))]?.track.title ?? 'The track';
    const positionOf = (id: UniqueIdentifier) => keys.indexOf(String(id)) + 1;
    return {
      screenReaderInstructions: { draggable: 'Drag the handle to move the track, or use the arrow keys on it.' },
      announcements: {
        onDragStart: ({ active }: { active: Active }) => `Moving ${titleOf(active.id)}.`,
        onDragOver: ({ active, over }: { active: Active; over: Over | null }) =>
          over ? `${titleOf(active.id)} is over position ${positionOf(over.id)}.` : undefined,
        onDragEnd: ({ active, over }: { active: Active; over: Over | null }) =>
          over
            ? `${titleOf(active.id)} dropped at position ${positionOf(over.id)}.`
            : `${titleOf(active.id)} was not moved.`,
        onDragCancel: ({ active }: { active: Active }) => `${titleOf(active.id)} was not moved.`,
      },
    };
  }, [entries, keys]);

  const remove = useCallback((index: number) => {
    const entry = player.store.getState().entries[index];
    player.remove(index);
    if (entry) setAnnouncement(`${entry.track.title} removed from the queue.`);
  }, []);
  const jump = useCallback((index: number) => player.jump(index), []);

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== 'Escape') return;
    event.stopPropagation();
    toggleQueuePanel(false);
    document.querySelector<HTMLButtonElement>(`[aria-controls="${QUEUE_PANEL_ID}"]`)?.focus();
  };

  return (
    <aside id={QUEUE_PANEL_ID} className="queue-panel" aria-labelledby="player-queue-title" onKeyDown={onKeyDown}>
      <header className="queue-panel__header">
        <h2 id="player-queue-title" ref={headingRef} tabIndex={-1}>
          Queue
        </h2>
        <span className="queue-panel__count">
          {entries.length === 1 ? '1 track' : `${entries.length.toLocaleString()} tracks`}
        </span>
        <button
          type="button"
          className="ui-button ui-button--secondary"
          disabled={!entries.length}
          onClick={() => {
            player.clear();
            setAnnouncement('The queue is empty.');
            // The button disables itself: keep focus inside the panel so Escape still closes it.
            headingRef.current?.focus();
          }}
        >
          Clear queue
        </button>
        <button
          type="button"
          className="player-button"
          aria-label="Close the queue"
          onClick={() => toggleQueuePanel(false)}
        >
          <Icon name="close" />
        </button>
      </header>
      <p id={REORDER_HELP_ID} className="visually-hidden">
        Use the up and down arrow keys to move the track, Home or End to send it to the top or the bottom.
      </p>
      <p className="visually-hidden" role="status">
        {announcement}
      </p>
      {entries.length === 0 ? (
        <p className="queue-panel__empty">The queue is empty. Play an album or a track to fill it.</p>
      ) : (
        <div ref={scrollRef} className="queue-panel__scroll">
          <DndContext
            accessibility={accessibility}
            sensors={sensors}
            collisionDetection={closestCenter}
            modifiers={MODIFIERS}
            onDragEnd={onDragEnd}
          >
            <SortableContext items={keys} strategy={verticalListSortingStrategy}>
              <ol className="queue-panel__list" style={{ height: virtualizer.getTotalSize() }}>
                {virtualizer.getVirtualItems().map((item) => {
                  const entry = entries[item.index];
                  if (!entry) return null;
                  return (
                    <QueueRow
                      key={entry.key}
                      entry={entry}
                      index={item.index}
                      count={entries.length}
                      top={item.start}
                      height={item.size}
                      current={item.index === currentIndex}
                      errored={Boolean(erroredKeys[entry.key])}
                      onJump={jump}
                      onRemove={remove}
                      onMove={moveByKeyboard}
                    />
                  );
                })}
              </ol>
            </SortableContext>
          </DndContext>
        </div>
      )}
    </aside>
  );
}
