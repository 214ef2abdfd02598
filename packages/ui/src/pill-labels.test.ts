import { describe, expect, it } from 'vitest';
import {
  addItem,
  CONFIRM_KEYS,
  cleanLabel,
  confirmLabel,
  deleteItem,
  openItem,
  type PillItem,
  presetItems,
  resetItem,
} from './pill-labels';

const items = (): PillItem[] => [
  { key: 'a', label: 'jazz', custom: false },
  { key: 'b', label: 'rock', custom: true },
];

describe('pill labels', () => {
  it('strips commas and spaces and trims', () => {
    expect(cleanLabel('  hip, hop \t')).toBe('hiphop');
    expect(cleanLabel(' , ')).toBe('');
  });

  it('confirms with Enter, Tab, the arrows, Space and comma', () => {
    for (const key of ['Enter', 'Tab', 'ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', ' ', ',']) {
      expect(CONFIRM_KEYS).toContain(key);
    }
    expect(CONFIRM_KEYS).not.toContain('Escape');
  });

  it('turns a preset item into a custom one when opened, remembering its label', () => {
    expect(openItem(items()[0] as PillItem)).toEqual({ key: 'a', label: 'jazz', custom: true, original: 'jazz' });
    const custom = items()[1] as PillItem;
    expect(openItem(custom)).toBe(custom);
  });

  it('keeps a confirmed label, cleaned', () => {
    const result = confirmLabel(items(), 'a', ' free jazz, ');
    expect(result).toEqual({
      kind: 'updated',
      items: [
        { key: 'a', label: 'freejazz', custom: false },
        { key: 'b', label: 'rock', custom: true },
      ],
    });
  });

  it('merges a duplicate into the existing item', () => {
    const result = confirmLabel(items(), 'b', 'Jazz');
    expect(result).toEqual({ kind: 'merged', items: [{ key: 'a', label: 'jazz', custom: false }], into: 'a' });
  });

  it('offers a reset for a former preset and a delete for a custom item when the label is empty', () => {
    const opened = items().map((item) => (item.key === 'a' ? openItem(item) : item));
    expect(confirmLabel(opened, 'a', ' ')).toEqual({ kind: 'empty', offer: 'reset' });
    expect(confirmLabel(opened, 'b', ',')).toEqual({ kind: 'empty', offer: 'delete' });
    expect(resetItem([{ key: 'a', label: '', custom: true, original: 'jazz' }], 'a')).toEqual([
      { key: 'a', label: 'jazz', custom: false },
    ]);
    expect(deleteItem(items(), 'b')).toEqual([{ key: 'a', label: 'jazz', custom: false }]);
  });

  it('adds new custom items but no duplicates or empty ones', () => {
    expect(addItem(items(), 'pop', 'c')).toHaveLength(3);
    expect(addItem(items(), 'ROCK', 'c')).toHaveLength(2);
    expect(addItem(items(), ' , ', 'c')).toHaveLength(2);
    expect(presetItems(['x']).map((item) => item.custom)).toEqual([false]);
  });
});
