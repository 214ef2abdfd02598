/** Truncation lengths of calls.md §9.3. */
export const TRUNCATE = {
  /** Anything without a more specific rule. */
  default: 100,
  /** Description blocks in display mode (together with `descriptionLines`). */
  description: 200,
  descriptionLines: 3,
  /** Expandable text previews. */
  preview: 150,
  /** Actor and user names in links. */
  actorName: 30,
} as const;

export const ELLIPSIS = '…';

/** Cuts `text` to `max` characters and marks the cut; text that fits is returned as is. */
export function truncate(text: string, max: number = TRUNCATE.default, ellipsis = ELLIPSIS): string {
  // Count code points, so an emoji or accented letter is never split in half.
  const characters = Array.from(text);
  if (characters.length <= max) return text;
  return `${characters.slice(0, max).join('').trimEnd()}${ellipsis}`;
}

/**
 * The display-mode cut of a description: at most `maxLines` lines and `maxChars` characters.
 * `truncated` tells the caller whether to offer "more".
 */
export function truncateLines(
  text: string,
  maxLines: number = TRUNCATE.descriptionLines,
  maxChars: number = TRUNCATE.description,
): { text: string; truncated: boolean } {
  const lines = text.split('\n');
  const byLines = lines.length > maxLines ? lines.slice(0, maxLines).join('\n') : text;
  const cut = truncate(byLines, maxChars);
  const truncated = byLines !== text || cut !== byLines;
  if (!truncated) return { text, truncated: false };
  return { text: cut.endsWith(ELLIPSIS) ? cut : `${byLines.trimEnd()}${ELLIPSIS}`, truncated: true };
}
