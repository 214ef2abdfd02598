import { useEffect, useRef, useState } from 'react';
import { MESSAGES } from '../engine/constants';
import { player } from '../player';
import { analyserFor } from './audio-graph';
import { createBarRenderer } from './webgl-bars';

/** Only the lower bins carry music worth drawing; the top of the spectrum stays flat. */
const BARS = 64;

/** Frequency bars of what is playing, drawn with WebGL2; says so where WebGL2 is missing. */
export default function Visualizer() {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [unsupported, setUnsupported] = useState(false);

  useEffect(() => {
    const canvas = canvasRef.current;
    const gl = canvas?.getContext('webgl2') ?? null;
    if (!canvas || !gl) {
      setUnsupported(true);
      return;
    }
    let renderer: ReturnType<typeof createBarRenderer>;
    try {
      renderer = createBarRenderer(gl, BARS);
    } catch {
      setUnsupported(true);
      return;
    }
    const levels = new Uint8Array(BARS);
    let analyser: AnalyserNode | null = null;
    let bins = new Uint8Array(0);
    let tapped: unknown = null;
    let frame = 0;
    const draw = () => {
      // The current element changes with every track: follow it.
      const media = player.currentMedia();
      if (media !== tapped) {
        tapped = media;
        analyser = media instanceof HTMLMediaElement ? analyserFor(media) : null;
        bins = new Uint8Array(analyser?.frequencyBinCount ?? 0);
      }
      if (analyser) {
        analyser.getByteFrequencyData(bins);
        for (let bar = 0; bar < BARS; bar++) levels[bar] = bins[bar] ?? 0;
      } else {
        levels.fill(0);
      }
      renderer.draw(levels);
      frame = requestAnimationFrame(draw);
    };
    frame = requestAnimationFrame(draw);
    return () => {
      cancelAnimationFrame(frame);
      renderer.dispose();
    };
  }, []);

  if (unsupported) return <p className="player-fullscreen__note">{MESSAGES.noWebGl2}</p>;
  return (
    <canvas
      ref={canvasRef}
      className="player-fullscreen__visualizer"
      width={768}
      height={256}
      role="img"
      aria-label="Visualizer: frequency bars of the music"
    />
  );
}
