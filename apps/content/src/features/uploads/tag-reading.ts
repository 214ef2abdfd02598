import type { UploadMetadata } from './types';

export interface TagRequest {
  id: string;
  file: File;
}

export type TagResponse =
  | { id: string; ok: true; metadata: Omit<UploadMetadata, 'coverUrl'>; cover?: { data: Uint8Array; format: string } }
  | { id: string; ok: false };

/** What the worker says once its code (and the tag reader it imports) has loaded. */
export const WORKER_READY = 'shoal:tag-worker-ready';

/**
 * The tag reader itself could not be loaded (the worker script or one of its chunks failed to
 * download): nothing is known about the file's tags, so this is not "missing metadata", and
 * trying again may work.
 */
export class TagReaderUnavailableError extends Error {
  constructor() {
    super('The tag reader could not be loaded');
    this.name = 'TagReaderUnavailableError';
  }
}

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

/**
 * Reads a file's tags: the metadata, `null` when the file's tags cannot be read (missing
 * metadata), or a rejection with {@link TagReaderUnavailableError} when the reader itself
 * could not be loaded.
 */
export type TagParser = (id: string, file: File) => Promise<UploadMetadata | null>;

interface Waiting {
  resolve: (metadata: UploadMetadata | null) => void;
  reject: (error: Error) => void;
}

let worker: Worker | null = null;
let workerReady = false;
const waiting = new Map<string, Waiting>();

function failAll(outcome: (entry: Waiting) => void) {
  const entries = [...waiting.values()];
  waiting.clear();
  for (const entry of entries) outcome(entry);
}

function tagWorker(): Worker {
  if (worker) return worker;
  const next = new Worker(new URL('./tag-worker.ts', import.meta.url), { type: 'module' });
  workerReady = false;
  next.onmessage = (message: MessageEvent<TagResponse | typeof WORKER_READY>) => {
    const response = message.data;
    if (response === WORKER_READY) {
      workerReady = true;
      return;
    }
    const entry = waiting.get(response.id);
    waiting.delete(response.id);
    if (!entry) return;
    if (!response.ok) {
      entry.resolve(null);
      return;
    }
    const coverUrl = response.cover
      ? URL.createObjectURL(new Blob([response.cover.data as BlobPart], { type: response.cover.format }))
      : undefined;
    entry.resolve({ ...response.metadata, coverUrl });
  };
  next.onerror = (event) => {
    event.preventDefault?.();
    // Before its "ready" message the worker's code never ran: the reader could not be loaded,
    // which says nothing about the files. After it, the worker crashed on a file: those tags
    // cannot be read. Either way the next parse starts a fresh worker.
    const loaded = workerReady;
    worker = null;
    workerReady = false;
    next.terminate();
    failAll(loaded ? (entry) => entry.resolve(null) : (entry) => entry.reject(new TagReaderUnavailableError()));
  };
  worker = next;
  return next;
}

/** Reads a file's tags in the background worker (see {@link TagParser}). */
export const parseTagsInWorker: TagParser = (id, file) =>
  new Promise((resolve, reject) => {
    let target: Worker;
    try {
      target = tagWorker();
    } catch {
      reject(new TagReaderUnavailableError());
      return;
    }
    waiting.set(id, { resolve, reject });
    target.postMessage({ id, file } satisfies TagRequest);
  });
