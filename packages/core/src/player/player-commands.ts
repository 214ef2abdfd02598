import type { QueueTrack } from './queue-track';

/**
 * What any micro-frontend may ask of the player. The host owns the player (it must survive
 * navigation) and registers the implementation at start; remotes only ever call these functions,
 * never the host's code.
 */
export interface PlayerCommands {
  /** Replaces the queue with `tracks` and plays the one at `startIndex`. */
  playNow(tracks: QueueTrack[], startIndex?: number): void;
  /** Adds `tracks` after the current one. */
  playNext(tracks: QueueTrack[]): void;
  /** Adds `tracks` at the end of the queue. */
  enqueue(tracks: QueueTrack[]): void;
}

let registered: PlayerCommands | null = null;
const waiting: ((commands: PlayerCommands) => void)[] = [];

export function registerPlayer(commands: PlayerCommands): void {
  registered = commands;
  for (const run of waiting.splice(0)) run(commands);
}

/** Runs now when the player is there, or as soon as the host registers it. */
function withPlayer(run: (commands: PlayerCommands) => void): void {
  if (registered) run(registered);
  else waiting.push(run);
}

export function playNow(tracks: QueueTrack[], startIndex = 0): void {
  withPlayer((player) => player.playNow(tracks, startIndex));
}

export function playNext(tracks: QueueTrack[]): void {
  withPlayer((player) => player.playNext(tracks));
}

export function enqueue(tracks: QueueTrack[]): void {
  withPlayer((player) => player.enqueue(tracks));
}
