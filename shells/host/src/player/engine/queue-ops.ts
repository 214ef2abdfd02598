import type { QueueEntry } from './player-state';

/** Pure queue reshaping: each returns new arrays and where the current entry ended up. */
export interface QueueShape {
  entries: QueueEntry[];
  currentIndex: number;
}

/** Fisher–Yates with an injectable random source so tests are repeatable. */
function shuffled<T>(items: T[], random: () => number): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
  }
  return copy;
}

/** The current entry goes first and the rest is shuffled (product.md §4). */
export function shuffleQueue(shape: QueueShape, random: () => number): QueueShape {
  const current = shape.entries[shape.currentIndex];
  if (!current) return { entries: shuffled(shape.entries, random), currentIndex: shape.currentIndex };
  const rest = shape.entries.filter((_, index) => index !== shape.currentIndex);
  return { entries: [current, ...shuffled(rest, random)], currentIndex: 0 };
}

/** Back to the order before shuffling, keeping the current entry current; entries added since go last. */
export function unshuffleQueue(shape: QueueShape, originalKeys: string[]): QueueShape {
  const byKey = new Map(shape.entries.map((entry) => [entry.key, entry]));
  const restored: QueueEntry[] = [];
  for (const key of originalKeys) {
    const entry = byKey.get(key);
    if (entry) {
      restored.push(entry);
      byKey.delete(key);
    }
  }
  restored.push(...byKey.values());
  const currentKey = shape.entries[shape.currentIndex]?.key;
  const currentIndex = currentKey === undefined ? -1 : restored.findIndex((entry) => entry.key === currentKey);
  return { entries: restored, currentIndex };
}

export function moveEntry(shape: QueueShape, from: number, to: number): QueueShape {
  const entries = [...shape.entries];
  const [moved] = entries.splice(from, 1);
  if (!moved) return shape;
  entries.splice(to, 0, moved);
  let currentIndex = shape.currentIndex;
  if (from === currentIndex) currentIndex = to;
  else if (from < currentIndex && to >= currentIndex) currentIndex -= 1;
  else if (from > currentIndex && to <= currentIndex) currentIndex += 1;
  return { entries, currentIndex };
}

/** Removing the current entry leaves the index on the entry that followed it (or the new last one). */
export function removeEntry(shape: QueueShape, index: number): QueueShape {
  if (index < 0 || index >= shape.entries.length) return shape;
  const entries = shape.entries.filter((_, at) => at !== index);
  let currentIndex = shape.currentIndex;
  if (index < currentIndex) currentIndex -= 1;
  if (currentIndex >= entries.length) currentIndex = entries.length - 1;
  return { entries, currentIndex };
}

export function insertEntries(shape: QueueShape, at: number, added: QueueEntry[]): QueueShape {
  const entries = [...shape.entries.slice(0, at), ...added, ...shape.entries.slice(at)];
  const currentIndex =
    shape.currentIndex === -1
      ? entries.length
        ? 0
        : -1
      : shape.currentIndex + (at <= shape.currentIndex ? added.length : 0);
  return { entries, currentIndex };
}
