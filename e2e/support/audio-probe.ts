import type { Page } from '@playwright/test';

/** What the probe saw of one media element's life. */
export interface AudioEvent {
  element: number;
  type: string;
  src: string;
  currentTime: number;
  at: number;
}

/**
 * Watches every audio element the page creates (the player keeps them out of the DOM), recording
 * playback events with their time. It observes only: the app exposes nothing for tests.
 */
export async function installAudioProbe(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const events: AudioEvent[] = [];
    const elements: HTMLAudioElement[] = [];
    Object.defineProperty(window, '__shoalAudioProbe', { value: { events, elements } });
    const Native = window.Audio;
    window.Audio = class extends Native {
      constructor(src?: string) {
        super(src);
        const element = elements.push(this) - 1;
        for (const type of ['playing', 'ended', 'timeupdate', 'error', 'pause']) {
          this.addEventListener(type, () =>
            events.push({ element, type, src: this.src, currentTime: this.currentTime, at: performance.now() }),
          );
        }
      }
    };
  });
}

/** The probe's record so far. */
export async function audioEvents(page: Page): Promise<AudioEvent[]> {
  return page.evaluate(
    () => (window as unknown as { __shoalAudioProbe: { events: AudioEvent[] } }).__shoalAudioProbe.events,
  );
}

/** The furthest `currentTime` reached by an element that is playing right now, or 0. */
export async function playingTime(page: Page): Promise<number> {
  return page.evaluate(() => {
    const probe = (window as unknown as { __shoalAudioProbe: { elements: HTMLAudioElement[] } }).__shoalAudioProbe;
    return Math.max(0, ...probe.elements.filter((element) => !element.paused).map((element) => element.currentTime));
  });
}
