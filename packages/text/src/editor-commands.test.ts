import { describe, expect, it } from 'vitest';
import { continueLine, insertLink, PREFIXES, togglePrefix, wrapSelection } from './editor-commands';

const at = (value: string, start = value.length, end = start) => ({ value, start, end });

describe('editor prefixes', () => {
  it('prefixes every selected line, and removes the prefix when all lines have it', () => {
    const added = togglePrefix(at('one\ntwo', 0, 7), PREFIXES.quote);
    expect(added.value).toBe('> one\n> two');
    expect(togglePrefix(added, PREFIXES.quote).value).toBe('one\ntwo');
  });

  it('numbers ordered lists and swaps heading levels instead of stacking them', () => {
    expect(togglePrefix(at('a\nb\nc', 0, 5), PREFIXES.orderedList).value).toBe('1. a\n2. b\n3. c');
    expect(togglePrefix(at('# Title', 3), PREFIXES.heading2).value).toBe('## Title');
  });
});

describe('wrapping', () => {
  it('makes the selection bold, and undoes it the same way', () => {
    const bold = wrapSelection(at('say hi', 4, 6), '**');
    expect(bold).toEqual({ value: 'say **hi**', start: 6, end: 8 });
    expect(wrapSelection(bold, '**').value).toBe('say hi');
  });

  it('makes a link and selects the address to type', () => {
    expect(insertLink(at('see docs', 4, 8))).toEqual({ value: 'see [docs](url)', start: 11, end: 14 });
  });
});

describe('Enter on lists and quotes', () => {
  it('continues the list, counting up', () => {
    expect(continueLine(at('- one'))).toEqual({ value: '- one\n- ', start: 8, end: 8 });
    expect(continueLine(at('1. one'))?.value).toBe('1. one\n2. ');
    expect(continueLine(at('> quoted'))?.value).toBe('> quoted\n> ');
  });

  it('removes an empty marker', () => {
    expect(continueLine(at('- one\n- '))).toEqual({ value: '- one\n', start: 6, end: 6 });
  });

  it('leaves ordinary lines alone', () => {
    expect(continueLine(at('plain text'))).toBeNull();
  });
});
