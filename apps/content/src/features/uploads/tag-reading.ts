import type { UploadMetadata } from './types';

export interface TagRequest {
  id: string;
  file: File;
}

export type TagResponse =
  | { id: string; ok: true; metadata: Omit<UploadMetadata, 'coverUrl'>; cover?: { data: Uint8Array; format: string } }
  | { id: string; ok: false };

/** The subset of music-metadata's `common` tags read here. */
export interface CommonTags {
  title?: string;
  artist?: string;
  albumartist?: string;
  album?: string;
  picture?: { data: Uint8Array; format: string }[];
}

/** Title and artist are mandatory (product.md §5: invalid metadata means they are missing). */
export function tagsFrom(id: string, common: CommonTags): TagResponse {
  const title = common.title?.trim();
  const artist = (common.artist ?? common.albumartist)?.trim();
  if (!title || !artist) return { id, ok: false };
  const picture = common.picture?.[0];
  return {
    id,
    ok: true,
    metadata: { title, artist, album: common.album?.trim() ?? '' },
    cover: picture ? { data: picture.data, format: picture.format } : undefined,
  };
}

export type TagParser = (id: string, file: File) => Promise<UploadMetadata | null>;

let worker: Worker | null = null;
const waiting = new Map<string, (metadata: UploadMetadata | null) => void>();

function tagWorker(): Worker {
  if (worker) return worker;
  const next = new Worker(new URL('./tag-worker.ts', import.meta.url), { type: 'module' });
  next.onmessage = (message: MessageEvent<TagResponse>) => {
    const response = message.data;
    const resolve = waiting.get(response.id);
    waiting.delete(response.id);
    if (!resolve) return;
    if (!response.ok) {
      resolve(null);
      return;
    }
    const coverUrl = response.cover
      ? URL.createObjectURL(new Blob([response.cover.data as BlobPart], { type: response.cover.format }))
      : undefined;
    resolve({ ...response.metadata, coverUrl });
  };
  next.onerror = () => {
    // A crashed worker fails every file it held; the next parse starts a fresh one.
    for (const resolve of waiting.values()) resolve(null);
    waiting.clear();
    worker = null;
  };
  worker = next;
  return next;
}

/** Reads a file's tags in the background worker; `null` when they cannot be read. */
export const parseTagsInWorker: TagParser = (id, file) =>
  new Promise((resolve) => {
    waiting.set(id, resolve);
    tagWorker().postMessage({ id, file } satisfies TagRequest);
  });
