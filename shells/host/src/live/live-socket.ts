import { instanceStore, LIVE_RECONNECTED, publishLiveEvent, sessionStore, tokenStore } from '@shoal/core';

/** Waits between reconnection attempts: doubles from 1 s up to 30 s, back to 1 s once connected. */
export const RECONNECT_MIN_MS = 1000;
export const RECONNECT_MAX_MS = 30_000;

type SocketFactory = (url: string) => WebSocket;

/** `ws(s)://pod/api/v1/activity` (calls.md §7.9); a bearer token, when held, goes in the query as real pods read it. */
export function activityUrl(instanceUrl: string, accessToken: string | null): string {
  const url = new URL('api/v1/activity', instanceUrl);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  if (accessToken) url.searchParams.set('token', accessToken);
  return url.toString();
}

/**
 * The page's one live connection: open while someone is signed in, closed when not, reconnecting by
 * itself when it drops. Every message is published through `@shoal/core`'s live events, where the
 * host's notification counts and the remotes subscribe. Returns the stop function.
 */
export function startLiveSocket(create: SocketFactory = (url) => new WebSocket(url)): () => void {
  let socket: WebSocket | null = null;
  let socketKey: string | null = null;
  let retry: ReturnType<typeof setTimeout> | null = null;
  let delay = RECONNECT_MIN_MS;
  let stopped = false;
  let dropped = false;

  const wanted = (): string | null => {
    const instance = instanceStore.getState().url;
    if (!instance || sessionStore.getState().status !== 'authenticated') return null;
    return activityUrl(instance, tokenStore.getState().tokens?.accessToken ?? null);
  };

  const close = () => {
    if (retry) clearTimeout(retry);
    retry = null;
    const current = socket;
    socket = null;
    socketKey = null;
    current?.close();
  };

  const open = (url: string) => {
    const current = create(url);
    socket = current;
    socketKey = url;
    current.onopen = () => {
      delay = RECONNECT_MIN_MS;
      if (dropped) publishLiveEvent({ type: LIVE_RECONNECTED });
      dropped = false;
    };
    current.onmessage = (message) => {
      if (typeof message.data !== 'string') return;
      try {
        const event = JSON.parse(message.data) as unknown;
        if (event && typeof event === 'object' && typeof (event as { type?: unknown }).type === 'string') {
          publishLiveEvent(event as { type: string });
        }
      } catch {
        console.warn('The live connection sent a message that is not JSON');
      }
    };
    current.onclose = () => {
      if (socket !== current || stopped) return;
      // Dropped (pod restarted, network lost): try again later, with the session as it is then.
      socket = null;
      socketKey = null;
      dropped = true;
      retry = setTimeout(() => {
        retry = null;
        sync();
      }, delay);
      delay = Math.min(delay * 2, RECONNECT_MAX_MS);
    };
  };

  const sync = () => {
    if (stopped) return;
    const url = wanted();
    if (url === socketKey && (socket || retry)) return;
    close();
    if (url) open(url);
  };

  const unsubscribe = [sessionStore.subscribe(sync), instanceStore.subscribe(sync), tokenStore.subscribe(sync)];
  sync();
  return () => {
    stopped = true;
    for (const stop of unsubscribe) stop();
    close();
  };
}
