import { afterEach, describe, expect, it, vi } from 'vitest';
import { handleShortcut, isTyping, type ShortcutAction, shortcutsModalStore } from './actions';

afterEach(() => {
  shortcutsModalStore.setState({ open: false });
  document.body.innerHTML = '';
});

const press = (key: string, target: EventTarget = document.body, init: KeyboardEventInit = {}) => {
  const event = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, ...init });
  Object.defineProperty(event, 'target', { value: target });
  return event;
};

describe('global shortcuts', () => {
  it('opens the shortcuts modal with ?', () => {
    expect(handleShortcut(press('?', document.body, { shiftKey: true }))).toBe(true);
    expect(shortcutsModalStore.getState().open).toBe(true);
  });

  it('are ignored while typing in an input, a text area or editable content', () => {
    document.body.innerHTML =
      '<input id="i"><textarea id="t"></textarea><div contenteditable="true"><span id="c">x</span></div>';
    for (const id of ['i', 't', 'c']) {
      const target = document.getElementById(id) as HTMLElement;
      expect(isTyping(target)).toBe(id !== 'c' || target.closest('[contenteditable="true"]') !== null);
      expect(handleShortcut(press('?', target))).toBe(false);
    }
    expect(shortcutsModalStore.getState().open).toBe(false);
  });

  it('runs the first matching action of a table', () => {
    const perform = vi.fn();
    const actions: ShortcutAction[] = [
      { id: 'x', keys: 'x', labelKey: 'shortcuts.show', matches: (e) => e.key === 'x', perform },
    ];
    expect(handleShortcut(press('y'), actions)).toBe(false);
    expect(handleShortcut(press('x'), actions)).toBe(true);
    expect(perform).toHaveBeenCalledTimes(1);
  });
});
