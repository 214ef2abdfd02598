import { describe, expect, it } from 'vitest';
import type { Track } from '../../catalogue/types';
import type { PlaylistEntry } from '../types';
import { applyAction } from './use-playlist-editor';

const entry = (id: number, index: number): PlaylistEntry => ({
  track: { id, title: `T${id}`, listen_url: `/api/v1/listen/${id}/` } as Track,
  index,
  creation_date: '2026-01-01T00:00:00Z',
});
const entries = [entry(1, 0), entry(2, 1), entry(1, 2)];
const order = (list: PlaylistEntry[]) => list.map((item) => [item.track.id, item.index]);

describe('the editor’s optimistic view', () => {
  it('moves an entry and renumbers every index, duplicates included', () => {
    expect(order(applyAction(entries, { kind: 'move', from: 1, to: 0 }))).toEqual([
      [2, 0],
      [1, 1],
      [1, 2],
    ]);
    expect(order(applyAction(entries, { kind: 'move', from: 0, to: 2 }))).toEqual([
      [2, 0],
      [1, 1],
      [1, 2],
    ]);
  });

  it('ignores a move out of range instead of losing an entry', () => {
    expect(applyAction(entries, { kind: 'move', from: 0, to: 3 })).toBe(entries);
    expect(applyAction(entries, { kind: 'move', from: 5, to: 0 })).toBe(entries);
  });

  it('removes one entry by index, leaving the other copy of a duplicate', () => {
    expect(order(applyAction(entries, { kind: 'remove', index: 0 }))).toEqual([
      [2, 0],
      [1, 1],
    ]);
  });

  it('clears, and empties for a rebuild until the pod answers', () => {
    expect(applyAction(entries, { kind: 'clear' })).toEqual([]);
    expect(applyAction(entries, { kind: 'replace', trackIds: [3] })).toEqual([]);
    expect(applyAction(entries, { kind: 'append', trackIds: [3] })).toBe(entries);
  });
});
