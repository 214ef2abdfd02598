import { LONG_SEEK_S, SHORT_SEEK_S } from './engine/constants';
import type { PlayerEngine } from './engine/player-engine';
import { toggleFullscreenPlayer, toggleQueuePanel } from './ui-state';

/**
 * The player's keyboard shortcuts as data, so the shortcuts modal can list exactly what the handler does
 * (one registered action per command).
 */
export interface PlayerShortcut {
  id: string;
  /** What the shortcuts modal shows, e.g. 'Shift + ←'. */
  keys: string;
  label: string;
  matches: (event: KeyboardEvent) => boolean;
  perform: (engine: PlayerEngine) => void;
}

const VOLUME_STEP = 0.1;

const plain = (key: string) => (event: KeyboardEvent) =>
  event.key === key && !event.shiftKey && !event.ctrlKey && !event.altKey && !event.metaKey;
const shifted = (key: string) => (event: KeyboardEvent) =>
  event.key === key && event.shiftKey && !event.ctrlKey && !event.altKey && !event.metaKey;
const ctrlShifted = (key: string) => (event: KeyboardEvent) =>
  event.key === key && event.shiftKey && event.ctrlKey && !event.altKey && !event.metaKey;
const letter = (key: string) => (event: KeyboardEvent) =>
  event.key.toLowerCase() === key && !event.ctrlKey && !event.altKey && !event.metaKey;

export const PLAYER_SHORTCUTS: readonly PlayerShortcut[] = [
  { id: 'toggle-play', keys: 'Space', label: 'Play or pause', matches: plain(' '), perform: (e) => e.togglePlay() },
  {
    id: 'seek-back-short',
    keys: '←',
    label: `Go back ${SHORT_SEEK_S} seconds`,
    matches: plain('ArrowLeft'),
    perform: (e) => e.seekBy(-SHORT_SEEK_S),
  },
  {
    id: 'seek-forward-short',
    keys: '→',
    label: `Skip ahead ${SHORT_SEEK_S} seconds`,
    matches: plain('ArrowRight'),
    perform: (e) => e.seekBy(SHORT_SEEK_S),
  },
  {
    id: 'seek-back-long',
    keys: 'Shift + ←',
    label: `Go back ${LONG_SEEK_S} seconds`,
    matches: shifted('ArrowLeft'),
    perform: (e) => e.seekBy(-LONG_SEEK_S),
  },
  {
    id: 'seek-forward-long',
    keys: 'Shift + →',
    label: `Skip ahead ${LONG_SEEK_S} seconds`,
    matches: shifted('ArrowRight'),
    perform: (e) => e.seekBy(LONG_SEEK_S),
  },
  {
    id: 'previous',
    keys: 'Ctrl + Shift + ←',
    label: 'Previous track',
    matches: ctrlShifted('ArrowLeft'),
    perform: (e) => e.previous(),
  },
  {
    id: 'next',
    keys: 'Ctrl + Shift + →',
    label: 'Next track',
    matches: ctrlShifted('ArrowRight'),
    perform: (e) => e.next(),
  },
  {
    id: 'volume-up',
    keys: 'Shift + ↑',
    label: 'Louder',
    matches: shifted('ArrowUp'),
    perform: (e) => e.setVolume(e.store.getState().volume + VOLUME_STEP),
  },
  {
    id: 'volume-down',
    keys: 'Shift + ↓',
    label: 'Quieter',
    matches: shifted('ArrowDown'),
    perform: (e) => e.setVolume(e.store.getState().volume - VOLUME_STEP),
  },
  { id: 'mute', keys: 'M', label: 'Mute or unmute', matches: letter('m'), perform: (e) => e.toggleMute() },
  { id: 'loop', keys: 'L', label: 'Change the loop mode', matches: letter('l'), perform: (e) => e.cycleLoop() },
  { id: 'shuffle', keys: 'S', label: 'Shuffle or unshuffle', matches: letter('s'), perform: (e) => e.toggleShuffle() },
  { id: 'queue', keys: 'Q', label: 'Show or hide the queue', matches: letter('q'), perform: () => toggleQueuePanel() },
  {
    id: 'fullscreen',
    keys: 'F',
    label: 'Open or close the full-screen player',
    matches: letter('f'),
    perform: () => toggleFullscreenPlayer(),
  },
];

/** product.md §9.3: shortcuts never fire while the listener types. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || target.closest('[contenteditable=""],[contenteditable="true"]')) return true;
  return (
    target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement
  );
}

/** Space and arrows already mean something on buttons, links and sliders: leave those to the element. */
function ownsKey(target: EventTarget | null, key: string): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (key === ' ' && target.closest('button,a[href],[role="button"],[role="option"],summary')) return true;
  return key.startsWith('Arrow') && Boolean(target.closest('[role="slider"],[role="listbox"],[role="menu"]'));
}

export function installPlayerShortcuts(engine: PlayerEngine, target: Window | HTMLElement = window): () => void {
  const onKeyDown = (event: Event) => {
    if (!(event instanceof KeyboardEvent) || event.defaultPrevented || event.repeat) return;
    if (isTypingTarget(event.target) || ownsKey(event.target, event.key)) return;
    const shortcut = PLAYER_SHORTCUTS.find((item) => item.matches(event));
    if (!shortcut) return;
    event.preventDefault();
    shortcut.perform(engine);
  };
  target.addEventListener('keydown', onKeyDown);
  return () => target.removeEventListener('keydown', onKeyDown);
}
