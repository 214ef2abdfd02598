/**
 * The content editor's text operations (product.md §5, Editor), as pure functions of the text and
 * the selection so they can be tested without a browser. Each returns the new text and selection.
 */
export interface EditState {
  value: string;
  start: number;
  end: number;
}

/** Line prefixes offered by the toolbar. */
export const PREFIXES = {
  heading1: '# ',
  heading2: '## ',
  quote: '> ',
  unorderedList: '- ',
  orderedList: '1. ',
} as const;

const LIST_MARKER = /^(\s*)(>\s|-\s|\*\s|(\d+)\.\s)/;

function lineBounds(value: string, start: number, end: number): [number, number] {
  const lineStart = value.lastIndexOf('\n', start - 1) + 1;
  const next = value.indexOf('\n', end);
  return [lineStart, next === -1 ? value.length : next];
}

/** Adds `prefix` to every selected line, or removes it when all of them already carry it. */
export function togglePrefix({ value, start, end }: EditState, prefix: string): EditState {
  const [from, to] = lineBounds(value, start, end);
  const lines = value.slice(from, to).split('\n');
  const numbered = prefix === PREFIXES.orderedList;
  const has = (line: string) => (numbered ? /^\d+\.\s/.test(line) : line.startsWith(prefix));
  const removing = lines.every(has);
  const changed = lines.map((line, index) => {
    if (removing) return numbered ? line.replace(/^\d+\.\s/, '') : line.slice(prefix.length);
    // Headings replace one another rather than stacking (`# ## title`).
    const bare = prefix.startsWith('#') ? line.replace(/^#+\s/, '') : line;
    return `${numbered ? `${index + 1}. ` : prefix}${bare}`;
  });
  const replaced = changed.join('\n');
  const next = `${value.slice(0, from)}${replaced}${value.slice(to)}`;
  return { value: next, start: from, end: from + replaced.length };
}

/** Surrounds the selection with `before` and `after` (bold, italic, strikethrough), or removes them. */
export function wrapSelection({ value, start, end }: EditState, before: string, after = before): EditState {
  const selected = value.slice(start, end);
  if (value.slice(start - before.length, start) === before && value.slice(end, end + after.length) === after) {
    const next = `${value.slice(0, start - before.length)}${selected}${value.slice(end + after.length)}`;
    return { value: next, start: start - before.length, end: end - before.length };
  }
  const next = `${value.slice(0, start)}${before}${selected}${after}${value.slice(end)}`;
  return { value: next, start: start + before.length, end: end + before.length };
}

/** Makes the selection a link, selecting the `url` placeholder to be typed over. */
export function insertLink({ value, start, end }: EditState, placeholder = 'url'): EditState {
  const text = value.slice(start, end);
  const inserted = `[${text}](${placeholder})`;
  const next = `${value.slice(0, start)}${inserted}${value.slice(end)}`;
  const urlStart = start + text.length + 3;
  return { value: next, start: urlStart, end: urlStart + placeholder.length };
}

/**
 * Enter on a list or quote line continues it (numbers go up by one); Enter on a line holding only
 * its marker removes the marker. Returns null when Enter should behave as usual.
 */
export function continueLine({ value, start, end }: EditState): EditState | null {
  if (start !== end) return null;
  const lineStart = value.lastIndexOf('\n', start - 1) + 1;
  const line = value.slice(lineStart, start);
  const match = LIST_MARKER.exec(line);
  if (!match) return null;
  const [marker, indent = '', , number] = match;
  if (
    line.trim() === marker.trim() &&
    value.slice(start, value.indexOf('\n', start) === -1 ? value.length : value.indexOf('\n', start)).trim() === ''
  ) {
    const next = `${value.slice(0, lineStart)}${value.slice(start)}`;
    return { value: next, start: lineStart, end: lineStart };
  }
  const nextMarker = number ? `${indent}${Number(number) + 1}. ` : marker;
  const insert = `\n${nextMarker}`;
  const next = `${value.slice(0, start)}${insert}${value.slice(end)}`;
  return { value: next, start: start + insert.length, end: start + insert.length };
}
