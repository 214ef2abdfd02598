import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { contentCommitted } from '../app/content-shown';
import { fakeMediaFactory, makeTrack } from '../player/engine/fake-media.test-helper';
import { player } from '../player/player';
import { toggleFullscreenPlayer, toggleQueuePanel, toggleVisualizer } from '../player/ui-state';
import { PlayerBar } from './PlayerBar';

const media = fakeMediaFactory();
vi.mock('../player/engine/media', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../player/engine/media')>()),
  createAudioMedia: () => media.createMedia(),
}));

beforeAll(() => {
  // The controls load once the page's first content is shown.
  contentCommitted();
  // jsdom has no layout engine: the scroll container reports no size without this.
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 600 });
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 400 });
});

afterEach(() => {
  cleanup();
  player.reset();
  toggleQueuePanel(false);
  toggleFullscreenPlayer(false);
  toggleVisualizer(false);
});

const tracks = [makeTrack(1), makeTrack(2), makeTrack(3)];

/** Mounts the bar and waits for its lazily loaded controls. */
async function renderBar() {
  render(<PlayerBar />);
  await screen.findByRole('button', { name: 'Previous track' }, { timeout: 5000 });
}

describe('PlayerBar', () => {
  it('is idle with nothing queued', async () => {
    await renderBar();
    const bar = screen.getByRole('region', { name: 'Player' });
    expect(within(bar).getByText('Nothing is playing.')).toBeInTheDocument();
    expect(within(bar).getByRole('button', { name: 'Play' })).toBeDisabled();
  });

  it('shows the current track and drives the engine from its buttons', async () => {
    const user = userEvent.setup();
    await renderBar();
    act(() => player.playNow(tracks));
    expect(await screen.findByText('Track 1')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Pause' }));
    expect(player.store.getState()).toMatchObject({ isPlaying: false, pauseReason: 'userInput' });
    await user.click(screen.getByRole('button', { name: 'Next track' }));
    expect(screen.getByText('Track 2')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Previous track' }));
    expect(screen.getByText('Track 1')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Loop: off' }));
    expect(screen.getByRole('button', { name: 'Loop: this track' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: 'Loop: this track' }));
    expect(screen.getByRole('button', { name: 'Loop: whole queue' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Shuffle' }));
    expect(screen.getByRole('button', { name: 'Shuffle' })).toHaveAttribute('aria-pressed', 'true');

    const volume = screen.getByRole('slider', { name: 'Volume' });
    expect(volume).toHaveValue('0.7');
    await user.click(screen.getByRole('button', { name: 'Mute' }));
    expect(volume).toHaveValue('0');
    await user.click(screen.getByRole('button', { name: 'Unmute' }));
    expect(volume).toHaveValue('0.7');
  });

  it('shows the position on the seek slider and seeks from it', async () => {
    await renderBar();
    act(() => player.playNow(tracks));
    const element = media.forTrack(1);
    act(() => {
      element.loadMetadata(100);
      element.timeTo(65);
    });
    const seek = screen.getByRole('slider', { name: 'Seek' });
    expect(seek).toHaveAttribute('aria-valuetext', '1:05 of 1:40');
    seek.focus();
    // A native range moves by its step on arrow keys; the change reaches the element.
    act(() => {
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(seek, '80');
      seek.dispatchEvent(new Event('input', { bubbles: true }));
    });
    expect(element.currentTime).toBe(80);
  });

  it('announces player messages', async () => {
    await renderBar();
    act(() => player.playNow([{ ...makeTrack(9), sources: [] }]));
    expect(await screen.findByText('The track has no available sources.')).toBeInTheDocument();
  });

  it('opens the queue panel: jump, remove, keyboard reorder, clear', async () => {
    const user = userEvent.setup();
    await renderBar();
    act(() => {
      player.playNow(tracks);
      player.pause();
    });
    await user.click(screen.getByRole('button', { name: 'Queue (3)' }));
    const panel = await screen.findByRole('complementary', { name: 'Queue' }, { timeout: 5000 });
    const rows = () => within(panel).getAllByRole('listitem');
    expect(rows()).toHaveLength(3);
    expect(rows()[0]).toHaveAttribute('aria-current', 'true');

    await user.click(within(panel).getByRole('button', { name: 'Play Track 3 by Artist' }));
    expect(player.store.getState().currentIndex).toBe(2);

    const handle = within(panel).getByRole('button', { name: 'Move Track 1, position 1 of 3' });
    handle.focus();
    await user.keyboard('{ArrowDown}');
    expect(player.store.getState().entries.map((entry) => entry.track.id)).toEqual([2, 1, 3]);
    expect(within(panel).getByText('Track 1 moved to position 2 of 3.')).toBeInTheDocument();

    await user.click(within(panel).getByRole('button', { name: 'Remove Track 2 from the queue' }));
    expect(rows()).toHaveLength(2);

    await user.click(within(panel).getByRole('button', { name: 'Clear queue' }));
    expect(within(panel).getByText('The queue is empty. Play an album or a track to fill it.')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('complementary', { name: 'Queue' })).not.toBeInTheDocument();
  });

  it('renders only the rows in view of a 10,000-track queue', async () => {
    await renderBar();
    act(() => {
      player.enqueue(Array.from({ length: 10_000 }, (_, n) => makeTrack(n + 1)));
      toggleQueuePanel(true);
    });
    const panel = await screen.findByRole('complementary', { name: 'Queue' }, { timeout: 5000 });
    const rows = within(panel).getAllByRole('listitem');
    expect(rows.length).toBeGreaterThan(5);
    expect(rows.length).toBeLessThan(40);
    expect(rows[0]).toHaveAttribute('aria-setsize', '10000');
  });

  it('opens the full-screen player, whose visualizer says when WebGL2 is missing', async () => {
    const user = userEvent.setup();
    // jsdom has no WebGL at all, like a browser without WebGL2.
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
    await renderBar();
    act(() => player.playNow([{ ...makeTrack(1), albumTitle: 'Low Water', coverUrl: 'https://pod.example/c.jpg' }]));
    const opener = screen.getByRole('button', { name: 'Full-screen player' });
    await user.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'Track 1' }, { timeout: 5000 });
    expect(within(dialog).getByRole('img', { name: 'Cover of Low Water' })).toHaveAttribute(
      'src',
      'https://pod.example/c.jpg',
    );
    expect(within(dialog).getByRole('button', { name: 'Close the full-screen player' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Visualizer' }));
    expect(
      await within(dialog).findByText("Your browser doesn't appear to support WebGL2.", {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });
});
