/**
 * Returns `raw` when it is a path on this origin, else null. Used for `_url` and `next`, which come
 * from links anyone can craft: absolute URLs, protocol-relative `//host`, `javascript:` and
 * backslash tricks (browsers read `/\host` as `//host`) must never navigate away.
 */
export function toSameOriginPath(raw: string | null | undefined): string | null {
  if (!raw) return null;
  const value = raw.trim();
  if (!value.startsWith('/')) return null;
  if (value.startsWith('//') || value.includes('\\')) return null;
  // Control characters are stripped by URL parsers, which could turn `/\t/evil` into `//evil`.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: this is exactly what we reject
  if (/[\u0000-\u001f\u007f]/.test(value)) return null;
  try {
    const base = 'https://shoal.invalid';
    const url = new URL(value, base);
    if (url.origin !== base) return null;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return null;
  }
}
