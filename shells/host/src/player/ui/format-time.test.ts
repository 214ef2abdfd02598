import { describe, expect, it } from 'vitest';
import { formatTime } from './format-time';

describe('formatTime', () => {
  it('writes m:ss under an hour and h:mm:ss from an hour', () => {
    expect(formatTime(0)).toBe('0:00');
    expect(formatTime(65.9)).toBe('1:05');
    expect(formatTime(3600 + 62)).toBe('1:01:02');
    expect(formatTime(Number.NaN)).toBe('0:00');
  });
});
