import { describe, expect, it, vi } from 'vitest';
import { enqueue, type PlayerCommands, playNow, registerPlayer } from './player-commands';
import type { QueueTrack } from './queue-track';

const track: QueueTrack = {
  id: 1,
  title: 'Tide',
  artistCredit: 'The Shoals',
  albumTitle: 'Low Water',
  position: 1,
  artistId: 2,
  albumId: 3,
  coverUrl: null,
  sources: [{ url: '/api/v1/listen/abc/', mimetype: 'audio/ogg', bitrate: 128000, duration: 30 }],
};

describe('player commands', () => {
  it('holds calls made before the host registers its player, then hands them over in order', () => {
    enqueue([track]);
    playNow([track], 0);
    const player: PlayerCommands = { playNow: vi.fn(), playNext: vi.fn(), enqueue: vi.fn() };
    registerPlayer(player);
    expect(player.enqueue).toHaveBeenCalledWith([track]);
    expect(player.playNow).toHaveBeenCalledWith([track], 0);

    playNow([track], 0);
    expect(player.playNow).toHaveBeenCalledTimes(2);
  });
});
