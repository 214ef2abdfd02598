import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../errors/api-error';
import { NO_MORE_RADIO_CANDIDATES } from '../errors/response-messages';
import type { QueueTrack } from './queue-track';
import { type ListenEvent, RADIO_RETRIES, RADIO_STORAGE_KEY, type RadioDeps } from './radio';
import { RadioSession } from './radio-session';

/** A queue as small as the radio needs: keys, a cursor and listeners. */
function fakePlayer(restored: string[] = []) {
  const listeners = new Set<() => void>();
  // A queue brought back by a reload keeps its entries' keys.
  const queue = { keys: [...restored], ids: restored.map((_, n) => n + 100), current: restored.length - 1 };
  let counter = restored.length;
  const notify = () => {
    for (const listener of [...listeners]) listener();
  };
  const player = {
    queue,
    endOfRadio: vi.fn(),
    atLastTrack: () => queue.current >= 0 && queue.current === queue.keys.length - 1,
    has: (key: string) => queue.keys.includes(key),
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    append: vi.fn((track: QueueTrack, play: boolean) => {
      counter += 1;
      const key = `k${counter}`;
      queue.keys.push(key);
      queue.ids.push(track.id);
      if (play) queue.current = queue.keys.length - 1;
      notify();
      return key;
    }),
    next: () => {
      queue.current += 1;
      notify();
    },
    clear: () => {
      queue.keys = [];
      queue.ids = [];
      queue.current = -1;
      notify();
    },
  };
  return player;
}

const toQueueTrack = (track: { id: number; title: string }): QueueTrack => ({
  id: track.id,
  title: track.title,
  artistCredit: '',
  albumTitle: null,
  position: null,
  artistId: null,
  albumId: null,
  coverUrl: null,
  sources: [],
});

const apiTrack = (id: number) => ({ id, title: `Track ${id}`, listen_url: `/api/v1/listen/${id}/` });
const serverError = () => new ApiError(500, ['A server error occurred']);
const exhausted = () => new ApiError(404, [NO_MORE_RADIO_CANDIDATES], NO_MORE_RADIO_CANDIDATES);

function setup(
  answers: (path: string, body: unknown) => unknown,
  extra: Partial<RadioDeps> = {},
  restored: string[] = [],
) {
  const player = fakePlayer(restored);
  const request = vi.fn(async (path: string, options?: { json?: unknown }) => {
    const answer = answers(path, options?.json);
    if (answer instanceof Error) throw answer;
    return answer;
  });
  const radio = new RadioSession({
    player,
    request: request as RadioDeps['request'],
    toQueueTrack,
    retryDelayMs: 10,
    ...extra,
  });
  return { player, request, radio };
}

const trackCalls = (request: ReturnType<typeof vi.fn>) =>
  request.mock.calls.filter(([path]) => path === 'radios/tracks/').length;

beforeEach(() => {
  vi.useFakeTimers();
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('RadioSession', () => {
  it('opens a session, plays the first track by itself and fetches another each time the queue is at its end', async () => {
    let next = 10;
    const { player, request, radio } = setup((path) =>
      path === 'radios/sessions/' ? { id: 7 } : { track: apiTrack(next++) },
    );
    await radio.start({ type: 'tag', objectId: 'Rock' });
    await vi.runAllTimersAsync();
    expect(request).toHaveBeenCalledWith('radios/sessions/', {
      method: 'POST',
      json: { radio_type: 'tag', related_object_id: 'Rock', custom_radio: null, config: null },
    });
    expect(request).toHaveBeenCalledWith('radios/tracks/', { method: 'POST', json: { session: 7 } });
    // The first track plays; being the last one, it brings a second, queued after it.
    expect(player.append.mock.calls[0]?.[1]).toBe(true);
    expect(player.append.mock.calls[1]?.[1]).toBe(false);
    expect(player.queue.ids).toEqual([10, 11]);
    player.next();
    await vi.runAllTimersAsync();
    expect(player.queue.ids).toEqual([10, 11, 12]);
    // Only one session for the whole radio.
    expect(request.mock.calls.filter(([path]) => path === 'radios/sessions/')).toHaveLength(1);
    expect(radio.store.getState()).toMatchObject({ running: true, sessionId: 7, errorCount: 0 });
  });

  it(`retries a failing fetch ${RADIO_RETRIES} times, then resets the radio`, async () => {
    const { player, request, radio } = setup((path) => (path === 'radios/sessions/' ? { id: 1 } : serverError()));
    await radio.start({ type: 'random' });
    for (let attempt = 1; attempt <= RADIO_RETRIES; attempt++) {
      expect(radio.store.getState()).toMatchObject({ running: true, errorCount: attempt });
      await vi.advanceTimersByTimeAsync(10);
    }
    expect(trackCalls(request)).toBe(1 + RADIO_RETRIES);
    expect(radio.store.getState()).toMatchObject({ running: false, current: null, sessionId: null, errorCount: 0 });
    await vi.runAllTimersAsync();
    expect(trackCalls(request)).toBe(1 + RADIO_RETRIES);
    expect(player.append).not.toHaveBeenCalled();
    expect(player.endOfRadio).not.toHaveBeenCalled();
  });

  it('counts failures in a row only: a success in between starts the count again', async () => {
    let call = 0;
    const { player, radio } = setup((path) => {
      if (path === 'radios/sessions/') return { id: 1 };
      call += 1;
      // Four failures, a track, five failures, then the end: nine failures, never six in a row.
      return call === 5 ? { track: apiTrack(1) } : call <= 10 ? serverError() : exhausted();
    });
    await radio.start({ type: 'random' });
    await vi.runAllTimersAsync();
    expect(call).toBe(11);
    expect(player.queue.ids).toEqual([1]);
    expect(player.endOfRadio).toHaveBeenCalledWith(NO_MORE_RADIO_CANDIDATES);
  });

  it('pauses with reason end of radio when the pod has no more candidates', async () => {
    let calls = 0;
    const { player, radio } = setup((path) => {
      if (path === 'radios/sessions/') return { id: 3 };
      calls += 1;
      return calls === 1 ? { track: apiTrack(1) } : exhausted();
    });
    await radio.start({ type: 'artist', objectId: 4 });
    await vi.runAllTimersAsync();
    expect(player.queue.ids).toEqual([1]);
    expect(player.endOfRadio).toHaveBeenCalledWith(NO_MORE_RADIO_CANDIDATES);
    expect(radio.store.getState()).toMatchObject({ running: false, errorCount: 0 });
    // No retry follows the end of a radio.
    await vi.runAllTimersAsync();
    expect(calls).toBe(2);
  });

  it('stops when the listener replaces the queue', async () => {
    let next = 1;
    const { player, radio } = setup((path) => (path === 'radios/sessions/' ? { id: 1 } : { track: apiTrack(next++) }));
    await radio.start({ type: 'favorites' });
    await vi.runAllTimersAsync();
    player.clear();
    expect(radio.store.getState().running).toBe(false);
  });

  it('keeps its state in storage and picks the session up again after a reload', async () => {
    const storage = new Map<string, string>();
    const fakeStorage = {
      getItem: (key: string) => storage.get(key) ?? null,
      setItem: (key: string, value: string) => void storage.set(key, value),
      removeItem: (key: string) => void storage.delete(key),
    } as unknown as Storage;
    let next = 1;
    const first = setup((path) => (path === 'radios/sessions/' ? { id: 9 } : { track: apiTrack(next++) }), {
      storage: fakeStorage,
    });
    await first.radio.start({ type: 'custom', customRadioId: 2 });
    await vi.runAllTimersAsync();
    expect(first.player.queue.keys).toEqual(['k1', 'k2']);
    expect(JSON.parse(storage.get(RADIO_STORAGE_KEY) ?? '{}')).toEqual({
      current: { type: 'custom', customRadioId: 2 },
      sessionId: 9,
      running: true,
      lastKey: 'k2',
    });
    first.radio.dispose();

    // The reloaded queue stands at its last track (the radio's): the radio feeds it at once, same session.
    const second = setup(() => ({ track: apiTrack(99) }), { storage: fakeStorage }, ['k1', 'k2']);
    expect(second.radio.store.getState()).toMatchObject({ running: true, sessionId: 9, lastKey: 'k2' });
    await vi.runAllTimersAsync();
    expect(second.request).toHaveBeenCalledWith('radios/tracks/', { method: 'POST', json: { session: 9 } });
    expect(second.request.mock.calls.some(([path]) => path === 'radios/sessions/')).toBe(false);
    expect(second.player.queue.ids.at(-1)).toBe(99);
    second.radio.reset();
    expect(storage.has(RADIO_STORAGE_KEY)).toBe(false);
  });

  it('after a reload, a queue that no longer holds the radio’s track means the radio is over', () => {
    const storage = new Map<string, string>([
      [
        RADIO_STORAGE_KEY,
        JSON.stringify({ current: { type: 'random' }, sessionId: 1, running: true, lastKey: 'gone' }),
      ],
    ]);
    const fakeStorage = {
      getItem: (key: string) => storage.get(key) ?? null,
      setItem: (key: string, value: string) => void storage.set(key, value),
      removeItem: (key: string) => void storage.delete(key),
    } as unknown as Storage;
    const { radio, request } = setup(() => ({ track: apiTrack(1) }), { storage: fakeStorage }, ['other']);
    expect(radio.store.getState().running).toBe(false);
    expect(request).not.toHaveBeenCalled();
  });

  it('client-only: starts from the actor’s last listening and queues what the live connection reports', async () => {
    let feed: ((event: ListenEvent) => void) | null = null;
    const close = vi.fn();
    const { player, request, radio } = setup(
      (path) =>
        path === 'history/listenings/' ? { results: [{ track: apiTrack(3) }] } : apiTrack(Number(path.split('/')[1])),
      {
        subscribeListen: (handler) => {
          feed = handler;
          return close;
        },
      },
    );
    await radio.start({ type: 'account', objectId: 'alice@pod.example', clientOnly: true });
    expect(request).toHaveBeenCalledWith('history/listenings/', {
      query: { scope: 'actor:alice@pod.example', ordering: '-creation_date', page_size: 1, page: 1 },
    });
    expect(player.queue.ids).toEqual([3]);
    expect(request.mock.calls.some(([path]) => path === 'radios/sessions/')).toBe(false);
    const emit = feed as unknown as (event: ListenEvent) => void;
    emit({ type: 'Listen', actor: { local_id: 'bob' }, object: { local_id: 8 } });
    emit({ type: 'Listen', actor: { local_id: 'alice' }, object: { local_id: 4 } });
    await vi.runAllTimersAsync();
    expect(player.queue.ids).toEqual([3, 4]);
    radio.stop();
    expect(close).toHaveBeenCalled();
  });
});
