export function readCookie(
  name: string,
  cookieString: string = typeof document === 'undefined' ? '' : document.cookie,
): string | null {
  for (const part of cookieString.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return null;
}
