/**
 * Taps playing audio for the visualizer. An element routed into Web Audio stays routed for its life
 * (the API has no way back), so this only happens once the listener asks for the visualizer.
 */
let context: AudioContext | null = null;
let analyser: AnalyserNode | null = null;
const routed = new WeakSet<HTMLMediaElement>();

/**
 * Audio from another origin without CORS headers would come out of Web Audio as silence: such
 * elements are left alone (no visualization rather than no sound).
 */
export function canTap(media: HTMLMediaElement, origin = window.location.origin): boolean {
  const src = media.currentSrc || media.src;
  if (!src) return false;
  try {
    return new URL(src, window.location.href).origin === origin;
  } catch {
    return false;
  }
}

/** The analyser fed by `media`, or null when it cannot be tapped. */
export function analyserFor(media: HTMLMediaElement): AnalyserNode | null {
  if (!canTap(media)) return null;
  if (!context || !analyser) {
    context = new AudioContext();
    analyser = context.createAnalyser();
    analyser.fftSize = 512;
    analyser.smoothingTimeConstant = 0.8;
    analyser.connect(context.destination);
  }
  if (!routed.has(media)) {
    context.createMediaElementSource(media).connect(analyser);
    routed.add(media);
  }
  // Opening the visualizer is a user gesture, which lets a suspended context run.
  void context.resume();
  return analyser;
}
