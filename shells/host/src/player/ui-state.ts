import { createStore } from 'zustand';

/** Which player surfaces are open: UI only, never persisted. */
export interface PlayerUiState {
  queueOpen: boolean;
  fullscreenOpen: boolean;
  visualizerOn: boolean;
}

export const playerUiStore = createStore<PlayerUiState>(() => ({
  queueOpen: false,
  fullscreenOpen: false,
  visualizerOn: false,
}));

export function toggleFullscreenPlayer(open?: boolean): void {
  playerUiStore.setState((state) => ({ fullscreenOpen: open ?? !state.fullscreenOpen }));
}

export function toggleVisualizer(on?: boolean): void {
  playerUiStore.setState((state) => ({ visualizerOn: on ?? !state.visualizerOn }));
}

export function toggleQueuePanel(open?: boolean): void {
  playerUiStore.setState((state) => ({ queueOpen: open ?? !state.queueOpen }));
}
