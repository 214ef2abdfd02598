import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenStore } from '../auth/token-store';
import { instanceStore } from '../instance/instance-store';
import { markAnonymous, sessionStore } from '../session/session-store';
import {
  LIVE_RECONNECTED,
  type LiveEvent,
  liveEventsUrl,
  setLiveSocketFactory,
  subscribeLiveEvents,
} from './live-events';

class FakeSocket {
  static made: FakeSocket[] = [];
  onmessage: ((message: MessageEvent) => void) | null = null;
  onclose: (() => void) | null = null;
  onopen: (() => void) | null = null;
  closed = false;
  constructor(readonly url: string) {
    FakeSocket.made.push(this);
  }
  close() {
    this.closed = true;
  }
  receive(data: unknown) {
    this.onmessage?.({ data: typeof data === 'string' ? data : JSON.stringify(data) } as MessageEvent);
  }
}

function signIn() {
  sessionStore.setState({ status: 'authenticated' });
}

describe('live events', () => {
  beforeEach(() => {
    FakeSocket.made = [];
    instanceStore.setState({ url: 'https://pod.example/' });
    tokenStore.setState({ tokens: null });
    setLiveSocketFactory((url) => new FakeSocket(url) as unknown as WebSocket);
  });
  afterEach(() => {
    markAnonymous();
  });

  it('builds the ws(s) address of /api/v1/activity, with the token when one is held', () => {
    expect(liveEventsUrl()).toBe('wss://pod.example/api/v1/activity');
    instanceStore.setState({ url: 'http://127.0.0.1:8080/' });
    tokenStore.setState({ tokens: { accessToken: 'abc', refreshToken: 'r', clientId: 'c', clientSecret: 's' } });
    expect(liveEventsUrl()).toBe('ws://127.0.0.1:8080/api/v1/activity?token=abc');
  });

  it('opens one socket for all listeners, only when signed in, and closes after the last leaves', () => {
    markAnonymous();
    const first = vi.fn<(event: LiveEvent) => void>();
    const second = vi.fn<(event: LiveEvent) => void>();
    const stopFirst = subscribeLiveEvents(first);
    expect(FakeSocket.made).toHaveLength(0);
    signIn();
    const stopSecond = subscribeLiveEvents(second);
    expect(FakeSocket.made).toHaveLength(1);
    const socket = FakeSocket.made[0] as FakeSocket;
    socket.receive({ type: 'import.status_updated', new_status: 'finished', upload: { uuid: 'u' } });
    socket.receive('not json');
    expect(first).toHaveBeenCalledTimes(1);
    expect(second).toHaveBeenCalledWith(expect.objectContaining({ type: 'import.status_updated' }));
    stopFirst();
    expect(socket.closed).toBe(false);
    stopSecond();
    expect(socket.closed).toBe(true);
  });

  it('closes on sign-out and reconnects after a drop', () => {
    vi.useFakeTimers();
    signIn();
    const stop = subscribeLiveEvents(() => {});
    const socket = FakeSocket.made[0] as FakeSocket;
    const seen: string[] = [];
    const stopWatching = subscribeLiveEvents((event) => seen.push(event.type));
    socket.onopen?.();
    expect(seen).toEqual([]);
    socket.onclose?.();
    vi.advanceTimersByTime(3000);
    expect(FakeSocket.made).toHaveLength(2);
    FakeSocket.made[1]?.onopen?.();
    expect(seen).toEqual([LIVE_RECONNECTED]);
    stopWatching();
    markAnonymous();
    expect((FakeSocket.made[1] as FakeSocket).closed).toBe(true);
    stop();
    vi.useRealTimers();
  });
});
