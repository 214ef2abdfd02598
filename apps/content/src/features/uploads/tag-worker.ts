/// <reference lib="webworker" />
import { parseBlob } from 'music-metadata';
import { type TagRequest, type TagResponse, tagsFrom, WORKER_READY } from './tag-reading';

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

// Reached only once this script and the tag reader it imports have loaded: the page can then
// tell a file the reader fails on from a reader that never arrived.
(self as unknown as DedicatedWorkerGlobalScope).postMessage(WORKER_READY);
