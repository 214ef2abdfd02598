/// <reference lib="webworker" />
import { parseBlob } from 'music-metadata';
import { type TagRequest, type TagResponse, tagsFrom } from './tag-reading';

// Reads tags off the main thread (calls.md §7.8): the file never blocks the page while parsed.
self.onmessage = async (message: MessageEvent<TagRequest>) => {
  const { id, file } = message.data;
  let response: TagResponse;
  try {
    const parsed = await parseBlob(file, { duration: false, skipCovers: false });
    response = tagsFrom(id, parsed.common);
  } catch {
    response = { id, ok: false };
  }
  (self as unknown as DedicatedWorkerGlobalScope).postMessage(response);
};
