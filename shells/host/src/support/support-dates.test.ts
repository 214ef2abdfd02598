import { describe, expect, it } from 'vitest';
import { isDue, nextDisplayDate } from './support-dates';

const now = new Date('2026-01-01T12:00:00.000Z');

describe('support prompt dates', () => {
  it('puts the next display 30, 60 or 90 days ahead, or never', () => {
    expect(nextDisplayDate('30', now)).toBe('2026-01-31T12:00:00.000Z');
    expect(nextDisplayDate('60', now)).toBe('2026-03-02T12:00:00.000Z');
    expect(nextDisplayDate('90', now)).toBe('2026-04-01T12:00:00.000Z');
    expect(nextDisplayDate('never', now)).toBeNull();
  });

  it('is due only once a set date is reached', () => {
    expect(isDue('2025-12-31T00:00:00Z', now)).toBe(true);
    expect(isDue('2026-01-01T12:00:00.000Z', now)).toBe(true);
    expect(isDue('2026-01-02T00:00:00Z', now)).toBe(false);
    expect(isDue(null, now)).toBe(false);
    expect(isDue(undefined, now)).toBe(false);
    expect(isDue('not a date', now)).toBe(false);
  });
});
