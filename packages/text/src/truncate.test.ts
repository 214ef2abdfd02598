import { describe, expect, it } from 'vitest';
import { TRUNCATE, truncate, truncateLines } from './truncate';

describe('truncate', () => {
  it('cuts at 100 characters with an ellipsis by default', () => {
    const text = 'a'.repeat(150);
    expect(truncate(text)).toBe(`${'a'.repeat(100)}…`);
    expect(truncate('a'.repeat(100))).toBe('a'.repeat(100));
  });

  it('cuts actor names at 30 and previews at 150', () => {
    expect(truncate('x'.repeat(31), TRUNCATE.actorName)).toBe(`${'x'.repeat(30)}…`);
    expect(truncate('y'.repeat(151), TRUNCATE.preview)).toHaveLength(151);
  });

  it('never splits a character made of two code units', () => {
    expect(truncate('🎵🎵🎵', 2)).toBe('🎵🎵…');
  });
});

describe('truncateLines', () => {
  it('keeps short descriptions whole', () => {
    expect(truncateLines('one\ntwo\nthree')).toEqual({ text: 'one\ntwo\nthree', truncated: false });
  });

  it('keeps three lines at most', () => {
    expect(truncateLines('one\ntwo\nthree\nfour')).toEqual({ text: 'one\ntwo\nthree…', truncated: true });
  });

  it('keeps 200 characters at most', () => {
    const result = truncateLines('z'.repeat(250));
    expect(result.truncated).toBe(true);
    expect(result.text).toBe(`${'z'.repeat(200)}…`);
  });
});
