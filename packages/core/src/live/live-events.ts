/**
 * Events of the pod's live connection (calls.md §7.9: the websocket at /api/v1/activity). The host
 * owns the one socket of the page and publishes every message here; remotes subscribe by event type
 * (e.g. `import.status_updated`, `Listen`) without ever opening a socket themselves.
 */

/** One message of the live connection: the pod sends JSON objects with a `type`. */
export interface LiveEvent {
  type: string;
  [field: string]: unknown;
}

/**
 * Published by the host's socket (never sent by the pod) when the connection opens again after a
 * drop: events of the gap are lost, so subscribers re-read what they were waiting for.
 */
export const LIVE_RECONNECTED = 'shoal.live_reconnected';

export type LiveEventHandler = (event: LiveEvent) => void;

const handlers = new Map<string, Set<LiveEventHandler>>();

/** Calls `handler` with each live event of this `type` ('*' for all) until the returned function is called. */
export function subscribeLiveEvent(type: string, handler: LiveEventHandler): () => void {
  let set = handlers.get(type);
  if (!set) {
    set = new Set();
    handlers.set(type, set);
  }
  set.add(handler);
  return () => {
    handlers.get(type)?.delete(handler);
  };
}

/** Hands one event to its subscribers (the host's socket calls this). A failing handler does not stop the others. */
export function publishLiveEvent(event: LiveEvent): void {
  for (const key of [event.type, '*']) {
    for (const handler of [...(handlers.get(key) ?? [])]) {
      try {
        handler(event);
      } catch (error) {
        console.error(`A handler of the live event ${event.type} failed`, error);
      }
    }
  }
}
