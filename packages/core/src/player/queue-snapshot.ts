import type { QueueTrack } from './queue-track';

let source: (() => QueueTrack[]) | null = null;

/** The host tells where its queue is, so a remote can read it without importing the host. */
export function registerQueueSnapshot(read: () => QueueTrack[]): void {
  source = read;
}

/** The tracks of the queue now, in order (empty before the host registers its player). */
export function queueSnapshot(): QueueTrack[] {
  return source?.() ?? [];
}
