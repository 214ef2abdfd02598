import { type KeyboardEvent, lazy, Suspense, useEffect, useRef } from 'react';
import { currentEntry } from '../../engine/player-state';
import { toggleFullscreenPlayer, toggleVisualizer } from '../../ui-state';
import { usePlayer, usePlayerUi } from '../../use-player';
import { Icon } from '../Icon';
import { LoopButton } from '../LoopButton';
import { SeekBar } from '../SeekBar';
import { ShuffleButton } from '../ShuffleButton';
import { TransportControls } from '../TransportControls';
import { VolumeControl } from '../VolumeControl';

const Visualizer = lazy(() => import('../../visualizer/Visualizer'));

/** Large cover art and the controls, over the page; the visualizer is one toggle away. */
export default function FullscreenPlayer() {
  const track = usePlayer((state) => currentEntry(state)?.track ?? null);
  const visualizerOn = usePlayerUi((state) => state.visualizerOn);
  const closeRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    closeRef.current?.focus();
    return () => opener?.focus();
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      toggleFullscreenPlayer(false);
    }
  };

  return (
    <div
      className="player-fullscreen"
      role="dialog"
      aria-modal="true"
      aria-labelledby="player-fullscreen-title"
      onKeyDown={onKeyDown}
    >
      <button
        ref={closeRef}
        type="button"
        className="player-button player-fullscreen__close"
        aria-label="Close the full-screen player"
        onClick={() => toggleFullscreenPlayer(false)}
      >
        <Icon name="close" />
      </button>
      <div className="player-fullscreen__art">
        {track?.coverUrl ? (
          <img src={track.coverUrl} alt={track.albumTitle ? `Cover of ${track.albumTitle}` : ''} />
        ) : (
          <span className="player-fullscreen__art-empty">
            <Icon name="note" />
          </span>
        )}
      </div>
      <h2 id="player-fullscreen-title" className="player-fullscreen__title">
        {track?.title ?? 'Nothing is playing.'}
      </h2>
      {track ? (
        <p className="player-fullscreen__meta">{[track.artistCredit, track.albumTitle].filter(Boolean).join(' · ')}</p>
      ) : null}
      <div className="player-fullscreen__controls">
        <SeekBar />
        <div className="player-fullscreen__row">
          <LoopButton />
          <TransportControls />
          <ShuffleButton />
        </div>
        <div className="player-fullscreen__row">
          <VolumeControl />
          <button
            type="button"
            className="ui-button ui-button--secondary"
            aria-pressed={visualizerOn}
            onClick={() => toggleVisualizer()}
          >
            Visualizer
          </button>
        </div>
      </div>
      {visualizerOn ? (
        <Suspense fallback={null}>
          <Visualizer />
        </Suspense>
      ) : null}
    </div>
  );
}
