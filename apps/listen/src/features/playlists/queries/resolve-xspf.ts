import { apiRequest } from '@shoal/core';
import { creditLine } from '../../catalogue/credits';
import type { Paginated, Track } from '../../catalogue/types';
import { localTrackId, type XspfPlaylist } from '../xspf';

const same = (a: string | null | undefined, b: string | null | undefined) =>
  (a ?? '').trim().toLocaleLowerCase() === (b ?? '').trim().toLocaleLowerCase();

/**
 * The tracks of this pod an XSPF file names, in its order: by identifier or location when the file came
 * from this pod, else by a search on the title (the creator and album must agree when the file gives them).
 */
export async function resolveXspf(
  playlist: XspfPlaylist,
  instanceUrl: string,
): Promise<{ trackIds: number[]; missing: number }> {
  const trackIds: number[] = [];
  let missing = 0;
  for (const item of playlist.tracks) {
    const local = localTrackId(item, instanceUrl);
    if (local !== null) {
      trackIds.push(local);
      continue;
    }
    if (!item.title) {
      missing += 1;
      continue;
    }
    const found = await apiRequest<Paginated<Track>>('tracks/', { query: { q: item.title, page_size: 25 } });
    const match = found.results.find(
      (track) =>
        same(track.title, item.title) &&
        (!item.creator || same(creditLine(track), item.creator)) &&
        (!item.album || same(track.album?.title, item.album)),
    );
    if (match) trackIds.push(match.id);
    else missing += 1;
  }
  return { trackIds, missing };
}
