import { ApiError, apiRequest, NO_MORE_RADIO_CANDIDATES, queueSnapshot, setInstanceUrl } from '@shoal/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeMediaFactory } from './engine/fake-media.test-helper';
import { PlayerEngine } from './engine/player-engine';
import { startRadioDriver } from './radio-driver';

vi.mock('@shoal/core', async (original) => ({
  ...(await original<typeof import('@shoal/core')>()),
  apiRequest: vi.fn(),
}));

const apiTrack = (id: number) => ({
  id,
  title: `Radio ${id}`,
  listen_url: `/api/v1/listen/t${id}/`,
  uploads: [
    { uuid: `u${id}`, mimetype: 'audio/ogg', bitrate: 128000, duration: 20, listen_url: `/api/v1/listen/t${id}/` },
  ],
});

function setUp(answers: (path: string) => unknown) {
  vi.mocked(apiRequest).mockImplementation(async (path: string) => {
    const answer = answers(path);
    if (answer instanceof Error) throw answer;
    return answer as never;
  });
  const media = fakeMediaFactory();
  const player = new PlayerEngine({ createMedia: media.createMedia, submitListening: vi.fn() });
  const radio = startRadioDriver(player);
  return { player, radio, media, state: () => player.store.getState() };
}

beforeEach(() => {
  setInstanceUrl('https://pod.example/');
  localStorage.clear();
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('the radio driver on the host player', () => {
  it('plays the first radio track by itself, keeps one more queued and lets remotes read the queue', async () => {
    let next = 1;
    const { radio, state } = setUp((path) => (path === 'radios/sessions/' ? { id: 4 } : { track: apiTrack(next++) }));
    await radio.start({ type: 'tag', objectId: 'ambient' });
    await vi.waitFor(() => expect(state().entries).toHaveLength(2));
    expect(state()).toMatchObject({ currentIndex: 0, isPlaying: true });
    expect(queueSnapshot().map((track) => track.title)).toEqual(['Radio 1', 'Radio 2']);
    radio.dispose();
  });

  it('at the end of the radio, the last track plays out, then pauses with reason end of radio and says why', async () => {
    let calls = 0;
    const exhausted = new ApiError(404, [NO_MORE_RADIO_CANDIDATES], NO_MORE_RADIO_CANDIDATES);
    const { radio, state, media } = setUp((path) => {
      if (path === 'radios/sessions/') return { id: 5 };
      calls += 1;
      return calls === 1 ? { track: apiTrack(1) } : exhausted;
    });
    await radio.start({ type: 'album', objectId: 3 });
    await vi.waitFor(() => expect(state().message).toBe(NO_MORE_RADIO_CANDIDATES));
    // Still playing the radio's last track.
    expect(state()).toMatchObject({ isPlaying: true, pauseReason: null });
    const element = media.forTrack(1);
    element.loadMetadata(20);
    element.startPlaying();
    element.end();
    expect(state()).toMatchObject({ isPlaying: false, pauseReason: 'endOfRadio', message: NO_MORE_RADIO_CANDIDATES });
    expect(radio.store.getState().running).toBe(false);
    radio.dispose();
  });

  it('pauses at once when the radio has nothing to play at all', async () => {
    const exhausted = new ApiError(404, [NO_MORE_RADIO_CANDIDATES], NO_MORE_RADIO_CANDIDATES);
    const { radio, state } = setUp((path) => (path === 'radios/sessions/' ? { id: 6 } : exhausted));
    await radio.start({ type: 'favorites' });
    expect(state()).toMatchObject({ isPlaying: false, pauseReason: 'endOfRadio', message: NO_MORE_RADIO_CANDIDATES });
    radio.dispose();
  });
});
