import { tokenStore } from '../auth/token-store';
import { instanceStore } from '../instance/instance-store';
import { sessionStore } from '../session/session-store';

/** One message of the live connection (calls.md §7.9): a `type` and the event's own fields. */
export interface LiveEvent {
  type: string;
  [field: string]: unknown;
}

export type LiveEventListener = (event: LiveEvent) => void;

/** How the connection is opened; tests hand in a fake. */
export type SocketFactory = (url: string) => WebSocket;

const RECONNECT_DELAY_MS = 3000;

/**
 * Sent to listeners (never by the pod) when the socket opens again after a drop: events of the
 * gap are lost, so listeners re-read what they were waiting for.
 */
export const LIVE_RECONNECTED = 'shoal.live_reconnected';

const listeners = new Set<LiveEventListener>();
let socket: WebSocket | null = null;
let reconnectTimer: ReturnType<typeof setTimeout> | null = null;
let unwatchSession: (() => void) | null = null;
let factory: SocketFactory = (url) => new WebSocket(url);
let droppedBefore = false;

/** `ws(s)://<pod>/api/v1/activity`, with the access token when the session holds one. */
export function liveEventsUrl(): string | null {
  const base = instanceStore.getState().url;
  if (!base) return null;
  const url = new URL('api/v1/activity', base);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  const tokens = tokenStore.getState().tokens;
  if (tokens) url.searchParams.set('token', tokens.accessToken);
  return url.toString();
}

/** Hands an event to every listener; the owner of the connection (or a test) calls it. */
export function publishLiveEvent(event: LiveEvent): void {
  for (const listener of [...listeners]) {
    try {
      listener(event);
    } catch (error) {
      console.error('A live event listener failed', error);
    }
  }
}

function parse(data: unknown): LiveEvent | null {
  if (typeof data !== 'string') return null;
  try {
    const value: unknown = JSON.parse(data);
    if (value && typeof value === 'object' && typeof (value as { type?: unknown }).type === 'string') {
      return value as LiveEvent;
    }
  } catch {
    // Not JSON: ignored, the pod only sends JSON events.
  }
  return null;
}

function close(): void {
  if (reconnectTimer) clearTimeout(reconnectTimer);
  reconnectTimer = null;
  droppedBefore = false;
  const current = socket;
  socket = null;
  if (current) {
    current.onclose = null;
    current.onopen = null;
    current.onmessage = null;
    current.close();
  }
}

function open(): void {
  if (socket || listeners.size === 0) return;
  // product.md §4: the live socket is only open while the user is authenticated.
  if (sessionStore.getState().status !== 'authenticated') return;
  const url = liveEventsUrl();
  if (!url) return;
  let next: WebSocket;
  try {
    next = factory(url);
  } catch (error) {
    console.warn('The live connection could not be opened', error);
    return;
  }
  socket = next;
  next.onopen = () => {
    if (droppedBefore) publishLiveEvent({ type: LIVE_RECONNECTED });
    droppedBefore = false;
  };
  next.onmessage = (message: MessageEvent) => {
    const event = parse(message.data);
    if (event) publishLiveEvent(event);
  };
  next.onclose = () => {
    if (socket !== next) return;
    socket = null;
    droppedBefore = true;
    // Reconnects automatically while someone still listens.
    if (listeners.size > 0) reconnectTimer = setTimeout(open, RECONNECT_DELAY_MS);
  };
}

/**
 * Listens to the pod's live events. The first listener opens the websocket (when signed in), the
 * last one to leave closes it; it reconnects on its own and follows sign-in and sign-out.
 */
export function subscribeLiveEvents(listener: LiveEventListener): () => void {
  listeners.add(listener);
  if (!unwatchSession) {
    unwatchSession = sessionStore.subscribe((state, previous) => {
      if (state.status === previous.status) return;
      if (state.status === 'authenticated') open();
      else close();
    });
  }
  open();
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      close();
      unwatchSession?.();
      unwatchSession = null;
    }
  };
}

/** Replaces how sockets are made (tests). */
export function setLiveSocketFactory(next: SocketFactory): void {
  factory = next;
}
