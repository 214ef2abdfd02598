import { useStore } from 'zustand';
import type { PlayerState } from './engine/player-state';
import { player } from './player';
import { type PlayerUiState, playerUiStore } from './ui-state';

export function usePlayer<T>(select: (state: PlayerState) => T): T {
  return useStore(player.store, select);
}

export function usePlayerUi<T>(select: (state: PlayerUiState) => T): T {
  return useStore(playerUiStore, select);
}
