import { lazy, Suspense } from 'react';
import { usePlayerUi } from '../use-player';
import { FullscreenButton } from './FullscreenButton';
import { LoopButton } from './LoopButton';
import { NowPlaying } from './NowPlaying';
import { PlayerMessage } from './PlayerMessage';
import { QueueButton } from './QueueButton';
import { SeekBar } from './SeekBar';
import { ShuffleButton } from './ShuffleButton';
import { TransportControls } from './TransportControls';
import { VolumeControl } from './VolumeControl';
import './player.css';

// The queue panel carries drag-and-drop and virtualisation: it loads the first time it is opened.
const QueuePanel = lazy(() => import('./queue/QueuePanel'));
const FullscreenPlayer = lazy(() => import('./fullscreen/FullscreenPlayer'));

/** Everything inside the player region; loaded after first paint, since nothing plays before it. */
export default function PlayerControls() {
  const queueOpen = usePlayerUi((state) => state.queueOpen);
  const fullscreenOpen = usePlayerUi((state) => state.fullscreenOpen);
  return (
    <>
      <NowPlaying />
      <div className="player-bar__centre">
        <TransportControls />
        <SeekBar />
      </div>
      <div className="player-bar__side">
        <PlayerMessage />
        <LoopButton />
        <ShuffleButton />
        <VolumeControl />
        <QueueButton />
        <FullscreenButton />
      </div>
      {queueOpen ? (
        <Suspense fallback={null}>
          <QueuePanel />
        </Suspense>
      ) : null}
      {fullscreenOpen ? (
        <Suspense fallback={null}>
          <FullscreenPlayer />
        </Suspense>
      ) : null}
    </>
  );
}
