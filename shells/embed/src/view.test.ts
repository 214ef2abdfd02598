import type { QueueTrack } from '@shoal/core';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { showLoading, showPlayer, showProblem } from './view';

const track = (id: number, duration: number): QueueTrack => ({
  id,
  title: `Track ${id}`,
  artistCredit: 'Aurora Band',
  albumTitle: 'Dawn',
  position: id,
  artistId: 1,
  albumId: 3,
  coverUrl: null,
  sources: [{ url: `https://pod.example/api/v1/listen/t${id}/`, mimetype: 'audio/ogg', bitrate: null, duration }],
});

const ready = {
  status: 'ready' as const,
  podName: 'Demo pod',
  object: { kind: 'album' as const, title: 'Dawn', artist: 'Aurora Band', coverUrl: 'https://pod.example/c.jpg' },
  tracks: [track(1, 61), track(2, 3725)],
};

let root: HTMLElement;
let paused = true;
beforeEach(() => {
  document.body.innerHTML = '<main id="embed"></main>';
  root = document.getElementById('embed') as HTMLElement;
  paused = true;
  vi.spyOn(HTMLMediaElement.prototype, 'paused', 'get').mockImplementation(() => paused);
  vi.spyOn(HTMLMediaElement.prototype, 'load').mockImplementation(() => {});
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => {
    paused = true;
  });
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(() => {
    paused = false;
    return Promise.resolve();
  });
});

const button = (name: string) => {
  const found = Array.from(root.querySelectorAll('button')).find(
    (b) => (b.getAttribute('aria-label') ?? b.textContent) === name,
  );
  if (!found) throw new Error(`no button ${name}`);
  return found;
};

describe('showPlayer', () => {
  it('shows the object, the link back and the track list', () => {
    showPlayer(root, ready, 'https://shoal.example/library/albums/3');
    expect(root.querySelector('h1')?.textContent).toBe('Dawn');
    expect(root.querySelector('img')?.getAttribute('alt')).toBe('Cover of Dawn');
    const link = root.querySelector('a');
    expect(link?.getAttribute('href')).toBe('https://shoal.example/library/albums/3');
    expect(link?.getAttribute('target')).toBe('_blank');
    expect(link?.getAttribute('rel')).toContain('noopener');
    expect(link?.textContent).toBe('Open on Demo pod (opens in a new tab)');
    expect(root.querySelector('ol')?.getAttribute('aria-label')).toBe('2 tracks');
    const items = root.querySelectorAll('ol button');
    expect(items[0]?.getAttribute('aria-current')).toBe('true');
    expect(items[1]?.textContent).toContain('1:02:05');
    expect(button('Previous track').disabled).toBe(true);
    expect(root.querySelector('input[type=range]')?.getAttribute('max')).toBe('61');
  });

  it('plays, pauses, and plays a chosen track', () => {
    const audio = showPlayer(root, ready, '/x');
    expect(audio.querySelector('source')?.getAttribute('src')).toBe('https://pod.example/api/v1/listen/t1/');
    button('Play').click();
    expect(HTMLMediaElement.prototype.play).toHaveBeenCalledTimes(1);
    audio.dispatchEvent(new Event('playing'));
    button('Pause').click();
    expect(HTMLMediaElement.prototype.pause).toHaveBeenCalledTimes(1);
    audio.dispatchEvent(new Event('pause'));
    expect(button('Play')).toBeTruthy();

    (root.querySelectorAll('ol button')[1] as HTMLButtonElement).click();
    expect(audio.querySelector('source')?.getAttribute('src')).toBe('https://pod.example/api/v1/listen/t2/');
    expect(root.querySelectorAll('ol button')[1]?.getAttribute('aria-current')).toBe('true');
    expect(HTMLMediaElement.prototype.play).toHaveBeenCalledTimes(2);
    expect(button('Next track').disabled).toBe(true);
    expect(root.textContent).toContain('Now playing: Track 2');
  });

  it('goes on to the next track when one ends', () => {
    const audio = showPlayer(root, ready, '/x');
    button('Play').click();
    audio.dispatchEvent(new Event('playing'));
    paused = true;
    audio.dispatchEvent(new Event('ended'));
    expect(audio.querySelector('source')?.getAttribute('src')).toBe('https://pod.example/api/v1/listen/t2/');
    expect(HTMLMediaElement.prototype.play).toHaveBeenCalledTimes(2);
  });

  it('says so when no source of a track plays', () => {
    const audio = showPlayer(root, ready, '/x');
    audio.querySelector('source')?.dispatchEvent(new Event('error'));
    expect(root.querySelector('[role=status]')?.textContent).toBe('This track could not be played.');
    expect(button('Play').disabled).toBe(true);
  });
});

describe('states', () => {
  it('shows loading, then each problem with its message', () => {
    showLoading(root);
    expect(root.getAttribute('aria-busy')).toBe('true');
    expect(root.textContent).toBe('Loading…');
    const target = { kind: 'album' as const, id: '3' };
    showProblem(root, { status: 'not-public' }, target, () => {});
    expect(root.querySelector('[role=alert] h1')?.textContent).toBe('Not available here');
    expect(root.getAttribute('aria-busy')).toBeNull();
    showProblem(root, { status: 'not-found' }, target, () => {});
    expect(root.textContent).toContain('This album does not exist on the pod');
    showProblem(root, { status: 'no-sources', object: null }, target, () => {});
    expect(root.textContent).toContain('This album has no audio file that can be played.');
    showProblem(root, { status: 'invalid' }, null, () => {});
    expect(root.textContent).toContain('it needs a type');
    const retry = vi.fn();
    showProblem(root, { status: 'error', reason: 'Failed to fetch' }, target, retry);
    expect(root.textContent).toContain('Loading failed (Failed to fetch)');
    button('Try again').click();
    expect(retry).toHaveBeenCalled();
  });
});
