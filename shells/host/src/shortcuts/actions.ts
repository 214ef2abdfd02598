import { createStore } from 'zustand';
import { t } from '../i18n';
import type { HostMessageKey } from '../i18n/en-US';

/**
 * Global commands as data (one entry per command): the keyboard handler, the sidebar button and
 * the shortcuts modal all read this table, so what the modal lists is what the keys do.
 */
export interface ShortcutAction {
  id: string;
  /** What the modal shows, e.g. '?'. */
  keys: string;
  labelKey: HostMessageKey;
  matches: (event: KeyboardEvent) => boolean;
  perform: () => void;
}

export const shortcutsModalStore = createStore<{ open: boolean }>(() => ({ open: false }));
export const openShortcuts = () => shortcutsModalStore.setState({ open: true });
export const closeShortcuts = () => shortcutsModalStore.setState({ open: false });

const noModifier = (event: KeyboardEvent) => !event.ctrlKey && !event.altKey && !event.metaKey;

export const GLOBAL_ACTIONS: readonly ShortcutAction[] = [
  {
    id: 'show-shortcuts',
    keys: '?',
    labelKey: 'shortcuts.show',
    matches: (event) => event.key === '?' && noModifier(event),
    perform: openShortcuts,
  },
  {
    id: 'focus-search',
    keys: '/',
    labelKey: 'shortcuts.search',
    matches: (event) => event.key === '/' && noModifier(event) && !event.shiftKey,
    perform: () => {
      const field = document.querySelector<HTMLInputElement>('#main input[type="search"]');
      field?.focus();
    },
  },
];

export const actionLabel = (action: ShortcutAction) => t(action.labelKey);

/** product.md §5: shortcuts are ignored while focus is in an input, a text area or editable content. */
export function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || target.closest('[contenteditable=""],[contenteditable="true"]')) return true;
  return (
    target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement
  );
}

/** Runs the first matching action; returns whether one ran. */
export function handleShortcut(event: KeyboardEvent, actions: readonly ShortcutAction[] = GLOBAL_ACTIONS): boolean {
  if (event.defaultPrevented || event.repeat || isTyping(event.target)) return false;
  const action = actions.find((candidate) => candidate.matches(event));
  if (!action) return false;
  event.preventDefault();
  action.perform();
  return true;
}
