/**
 * The pill label editor's rules (product.md §4, §5) as pure functions: a label loses its commas and
 * spaces and is trimmed; confirming keeps it, or merges into an existing item with the same label;
 * an empty label offers a reset (preset item) or a delete (custom item).
 */
export interface PillItem {
  /** Stable identity while the list is edited. */
  key: string;
  label: string;
  /** A custom item was typed by the user; a preset one came with the object. */
  custom: boolean;
  /** The label the item had when it was a preset (what a reset restores). */
  original?: string;
}

/** product.md §5: commas and spaces (any whitespace) are stripped, the label trimmed. */
export function cleanLabel(raw: string): string {
  return raw.replace(/[,\s]+/g, '').trim();
}

/** Keys that confirm the label being edited (Enter, Tab, arrows, Space, comma). */
export const CONFIRM_KEYS: readonly string[] = [
  'Enter',
  'Tab',
  'ArrowLeft',
  'ArrowRight',
  'ArrowUp',
  'ArrowDown',
  ' ',
  ',',
];

/** Opening an item for editing turns a preset item into a custom one, remembering its label. */
export function openItem(item: PillItem): PillItem {
  if (item.custom) return item;
  return { ...item, custom: true, original: item.original ?? item.label };
}

export type ConfirmResult =
  | { kind: 'updated'; items: PillItem[] }
  /** The label matched another item: this one is dropped, the other kept (duplicates merge). */
  | { kind: 'merged'; items: PillItem[]; into: string }
  /** The label is empty: the caller offers `reset` (a former preset) or `delete` (a custom item). */
  | { kind: 'empty'; offer: 'reset' | 'delete' };

/** Confirms `raw` as the label of the item with `key`. */
export function confirmLabel(items: PillItem[], key: string, raw: string): ConfirmResult {
  const label = cleanLabel(raw);
  const item = items.find((candidate) => candidate.key === key);
  if (!item) return { kind: 'updated', items };
  if (label === '') return { kind: 'empty', offer: item.original !== undefined ? 'reset' : 'delete' };
  const same = items.find(
    (candidate) => candidate.key !== key && candidate.label.toLowerCase() === label.toLowerCase(),
  );
  if (same) return { kind: 'merged', items: items.filter((candidate) => candidate.key !== key), into: same.key };
  return {
    kind: 'updated',
    items: items.map((candidate) => (candidate.key === key ? { ...candidate, label } : candidate)),
  };
}

/** Restores a former preset item to its original label. */
export function resetItem(items: PillItem[], key: string): PillItem[] {
  return items.map((item) =>
    item.key === key && item.original !== undefined ? { key: item.key, label: item.original, custom: false } : item,
  );
}

export function deleteItem(items: PillItem[], key: string): PillItem[] {
  return items.filter((item) => item.key !== key);
}

/** Adds a new custom item, or does nothing when the label is empty or already there. */
export function addItem(items: PillItem[], raw: string, key: string): PillItem[] {
  const label = cleanLabel(raw);
  if (label === '' || items.some((item) => item.label.toLowerCase() === label.toLowerCase())) return items;
  return [...items, { key, label, custom: true }];
}

/** Preset items from a list of labels (e.g. an object's tags). */
export function presetItems(labels: readonly string[]): PillItem[] {
  return labels.map((label, index) => ({ key: `preset-${index}-${label}`, label, custom: false }));
}
