import {
  instanceStore,
  LIVE_RECONNECTED,
  markAnonymous,
  type Profile,
  setProfile,
  subscribeLiveEvent,
} from '@shoal/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { activityUrl, RECONNECT_MIN_MS, startLiveSocket } from './live-socket';

class FakeSocket {
  static made: FakeSocket[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((message: { data: unknown }) => void) | null = null;
  onclose: (() => void) | null = null;
  closed = false;
  constructor(readonly url: string) {
    FakeSocket.made.push(this);
  }
  close() {
    this.closed = true;
  }
}

const profile: Profile = { id: 1, username: 'admin', full_username: 'admin@pod.example', permissions: {} };
const create = (url: string) => new FakeSocket(url) as unknown as WebSocket;

describe('the live connection', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    FakeSocket.made = [];
    instanceStore.setState({ url: 'https://pod.example/' });
    markAnonymous();
  });
  afterEach(() => {
    vi.useRealTimers();
    markAnonymous();
  });

  it('builds the ws(s) URL of the activity path', () => {
    expect(activityUrl('https://pod.example/', null)).toBe('wss://pod.example/api/v1/activity');
    expect(activityUrl('http://127.0.0.1:8080/', 'abc')).toBe('ws://127.0.0.1:8080/api/v1/activity?token=abc');
  });

  it('opens when signed in, publishes messages, closes on sign-out', () => {
    const stop = startLiveSocket(create);
    expect(FakeSocket.made).toHaveLength(0);
    setProfile(profile);
    expect(FakeSocket.made).toHaveLength(1);
    const socket = FakeSocket.made[0];
    expect(socket?.url).toBe('wss://pod.example/api/v1/activity');

    const seen = vi.fn();
    const unsubscribe = subscribeLiveEvent('inbox.item_added', seen);
    socket?.onmessage?.({ data: JSON.stringify({ type: 'inbox.item_added', item: { id: 3 } }) });
    socket?.onmessage?.({ data: 'not json' });
    expect(seen).toHaveBeenCalledWith({ type: 'inbox.item_added', item: { id: 3 } });
    unsubscribe();

    markAnonymous();
    expect(socket?.closed).toBe(true);
    expect(FakeSocket.made).toHaveLength(1);
    stop();
  });

  it('reconnects after a drop, waiting longer each time', () => {
    const stop = startLiveSocket(create);
    setProfile(profile);
    FakeSocket.made[0]?.onclose?.();
    expect(FakeSocket.made).toHaveLength(1);
    vi.advanceTimersByTime(RECONNECT_MIN_MS);
    expect(FakeSocket.made).toHaveLength(2);
    FakeSocket.made[1]?.onclose?.();
    vi.advanceTimersByTime(RECONNECT_MIN_MS);
    expect(FakeSocket.made).toHaveLength(2);
    vi.advanceTimersByTime(RECONNECT_MIN_MS);
    expect(FakeSocket.made).toHaveLength(3);
    // Once connected again, the next drop waits the shortest delay.
    FakeSocket.made[2]?.onopen?.();
    FakeSocket.made[2]?.onclose?.();
    vi.advanceTimersByTime(RECONNECT_MIN_MS);
    expect(FakeSocket.made).toHaveLength(4);
    stop();
    expect(FakeSocket.made[3]?.closed).toBe(true);
  });

  it('tells subscribers when it opens again after a drop, not on the first opening', () => {
    const reconnected = vi.fn();
    const unsubscribe = subscribeLiveEvent(LIVE_RECONNECTED, reconnected);
    const stop = startLiveSocket(create);
    setProfile(profile);
    FakeSocket.made[0]?.onopen?.();
    expect(reconnected).not.toHaveBeenCalled();
    FakeSocket.made[0]?.onclose?.();
    vi.advanceTimersByTime(RECONNECT_MIN_MS);
    FakeSocket.made[1]?.onopen?.();
    expect(reconnected).toHaveBeenCalledTimes(1);
    unsubscribe();
    stop();
  });
});
