import { enqueue, playNow, toQueueTrack, useInstance, useSession } from '@shoal/core';
import { t } from '../../i18n';
import type { Track } from '../catalogue/types';

export interface PlayButtonProps {
  /** The tracks to queue; playback starts at `startIndex`. */
  tracks: Track[];
  startIndex?: number;
  label: string;
  /** Visible text; the accessible name is always `label`. */
  text?: string;
  variant?: 'primary' | 'secondary';
  /** Adds to the end of the queue instead of replacing it. */
  mode?: 'play' | 'enqueue';
}

const isPlayable = (track: Track) => (track.uploads?.length ?? 0) > 0;

/** Hands tracks to the host's player (the only way a remote reaches it: @shoal/core's commands). */
export function PlayButton({
  tracks,
  startIndex = 0,
  label,
  text,
  variant = 'primary',
  mode = 'play',
}: PlayButtonProps) {
  const instanceUrl = useInstance((state) => state.url);
  const listenToken = useSession((state) => state.profile?.tokens?.listen ?? null);
  const playable = tracks.filter(isPlayable);
  const start = tracks[startIndex];
  const disabled = !instanceUrl || playable.length === 0 || (mode === 'play' && (!start || !isPlayable(start)));
  const onClick = () => {
    if (!instanceUrl) return;
    const queue = playable.map((track) => toQueueTrack(track, instanceUrl, listenToken));
    if (mode === 'enqueue') enqueue(queue);
    else playNow(queue, Math.max(0, start ? playable.indexOf(start) : 0));
  };
  return (
    <button
      type="button"
      className={`ui-button${variant === 'secondary' ? ' ui-button--secondary' : ''}`}
      onClick={onClick}
      disabled={disabled}
      aria-label={label}
      title={disabled ? t('common.unplayable') : label}
    >
      {text ?? label}
    </button>
  );
}
