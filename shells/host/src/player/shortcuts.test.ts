import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type FakeMedia, fakeMediaFactory, makeTrack } from './engine/fake-media.test-helper';
import { PlayerEngine } from './engine/player-engine';
import { installPlayerShortcuts, PLAYER_SHORTCUTS } from './shortcuts';
import { playerUiStore } from './ui-state';

let engine: PlayerEngine;
let element: FakeMedia;
let uninstall: () => void;

function press(key: string, options: KeyboardEventInit = {}, target: HTMLElement = document.body) {
  target.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, ...options }));
}

beforeEach(() => {
  const media = fakeMediaFactory();
  engine = new PlayerEngine({ createMedia: media.createMedia, submitListening: () => {} });
  engine.playNow([makeTrack(1), makeTrack(2), makeTrack(3)], 1);
  element = media.forTrack(2);
  element.loadMetadata(100);
  element.timeTo(50);
  uninstall = installPlayerShortcuts(engine);
});
afterEach(() => {
  uninstall();
  document.body.innerHTML = '';
});

const state = () => engine.store.getState();

describe('player shortcuts', () => {
  it('plays and pauses with Space', () => {
    press(' ');
    expect(state()).toMatchObject({ isPlaying: false, pauseReason: 'userInput' });
    press(' ');
    expect(state().isPlaying).toBe(true);
  });

  it('seeks 5 s with the arrows and 30 s with Shift', () => {
    press('ArrowRight');
    expect(element.currentTime).toBe(55);
    press('ArrowLeft');
    expect(element.currentTime).toBe(50);
    press('ArrowLeft', { shiftKey: true });
    expect(element.currentTime).toBe(20);
    press('ArrowRight', { shiftKey: true });
    expect(element.currentTime).toBe(50);
  });

  it('changes track, volume, mute, loop, shuffle and the queue panel', () => {
    press('ArrowRight', { shiftKey: true, ctrlKey: true });
    expect(state().currentIndex).toBe(2);
    press('ArrowLeft', { shiftKey: true, ctrlKey: true });
    expect(state().currentIndex).toBe(1);
    press('ArrowUp', { shiftKey: true });
    expect(state().volume).toBeCloseTo(0.8);
    press('ArrowDown', { shiftKey: true });
    press('ArrowDown', { shiftKey: true });
    expect(state().volume).toBeCloseTo(0.6);
    press('m');
    expect(state().volume).toBe(0);
    press('m');
    expect(state().volume).toBeCloseTo(0.6);
    press('l');
    expect(state().loop).toBe('single');
    press('s');
    expect(state().unshuffledKeys).not.toBeNull();
    press('q');
    expect(playerUiStore.getState().queueOpen).toBe(true);
    press('q');
    expect(playerUiStore.getState().queueOpen).toBe(false);
    press('f');
    expect(playerUiStore.getState().fullscreenOpen).toBe(true);
    press('f');
    expect(playerUiStore.getState().fullscreenOpen).toBe(false);
  });

  it('ignores keys typed in inputs, text areas and editable content', () => {
    document.body.innerHTML =
      '<input id="i"><textarea id="t"></textarea><div id="e" contenteditable="true"><b id="b">x</b></div>';
    for (const id of ['i', 't', 'e', 'b']) {
      press(' ', {}, document.getElementById(id) as HTMLElement);
      press('m', {}, document.getElementById(id) as HTMLElement);
    }
    expect(state().isPlaying).toBe(true);
    expect(state().volume).toBe(0.7);
  });

  it('leaves Space on a focused button to the button', () => {
    document.body.innerHTML = '<button id="b">Other</button>';
    press(' ', {}, document.getElementById('b') as HTMLElement);
    expect(state().isPlaying).toBe(true);
  });

  it('lists each shortcut once with a label for the shortcuts modal', () => {
    const ids = PLAYER_SHORTCUTS.map((shortcut) => shortcut.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const shortcut of PLAYER_SHORTCUTS) expect(shortcut.label).not.toBe('');
  });
});
