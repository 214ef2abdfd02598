import { player } from '../player';
import { usePlayer } from '../use-player';
import { formatTime } from './format-time';

/** The position slider: a native range, so arrows, Page Up/Down, Home and End work without extra code. */
export function SeekBar() {
  const position = usePlayer((state) => state.position);
  const duration = usePlayer((state) => state.duration);
  const empty = usePlayer((state) => state.entries.length === 0);
  const max = duration > 0 ? duration : 0;
  return (
    <div className="player-seek">
      <span className="player-seek__time" aria-hidden="true">
        {formatTime(position)}
      </span>
      <input
        type="range"
        className="player-seek__range"
        aria-label="Seek"
        aria-valuetext={`${formatTime(position)} of ${formatTime(duration)}`}
        min={0}
        max={max}
        step={1}
        value={Math.min(position, max)}
        disabled={empty || max === 0}
        onChange={(event) => player.seek(Number(event.currentTarget.value))}
      />
      <span className="player-seek__time" aria-hidden="true">
        {formatTime(duration)}
      </span>
    </div>
  );
}
