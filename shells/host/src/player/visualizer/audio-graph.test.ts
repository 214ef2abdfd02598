import { describe, expect, it } from 'vitest';
import { canTap } from './audio-graph';

describe('canTap', () => {
  it('taps audio of the page origin only, since other origins would come out silent', () => {
    const media = document.createElement('audio');
    expect(canTap(media)).toBe(false);
    media.src = '/api/v1/listen/abc/';
    expect(canTap(media)).toBe(true);
    media.src = 'https://elsewhere.example/api/v1/listen/abc/';
    expect(canTap(media)).toBe(false);
  });
});
