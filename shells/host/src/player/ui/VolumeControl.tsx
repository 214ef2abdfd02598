import { player } from '../player';
import { usePlayer } from '../use-player';
import { Icon } from './Icon';

export function VolumeControl() {
  const volume = usePlayer((state) => state.volume);
  const muted = volume === 0;
  return (
    <div className="player-volume">
      <button
        type="button"
        className="player-button"
        aria-label={muted ? 'Unmute' : 'Mute'}
        aria-pressed={muted}
        onClick={() => player.toggleMute()}
      >
        <Icon name={muted ? 'muted' : 'volume'} />
      </button>
      <input
        type="range"
        className="player-volume__range"
        aria-label="Volume"
        aria-valuetext={`${Math.round(volume * 100)}%`}
        min={0}
        max={1}
        step={0.05}
        value={volume}
        onChange={(event) => player.setVolume(Number(event.currentTarget.value))}
      />
    </div>
  );
}
