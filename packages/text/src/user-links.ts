/**
 * Links in user-written text (product.md §2, Global surfaces): `#word` points to the tag page,
 * `@name` (or `@name@domain`) to the profile, links to other hosts open in a new tab without
 * opener or referrer, and links to this pod stay in the tab as in-app paths.
 */

// A tag or mention starts the text or follows a space or an opening bracket, never mid-word
// (so `a#b` and `mail@host` stay plain text).
const TOKEN = /(^|[\s([{>])([#@])([\p{L}\p{N}_]+(?:[.-][\p{L}\p{N}_]+)*(?:@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+)?)/gu;
const SKIPPED = new Set(['A', 'CODE', 'PRE', 'SCRIPT', 'STYLE']);

export const tagPath = (tag: string) => `/library/tags/${encodeURIComponent(tag)}`;
export const profilePath = (name: string) => `/@${name}`;

/** Where a `#` or `@` token should lead, or null when it is not a link (a `#tag@host`). */
function tokenHref(sign: string, value: string): string | null {
  if (sign === '#') return value.includes('@') ? null : tagPath(value);
  return profilePath(value);
}

function linkTokens(text: Text): void {
  const source = text.data;
  TOKEN.lastIndex = 0;
  if (!TOKEN.test(source)) return;
  TOKEN.lastIndex = 0;
  const fragment = text.ownerDocument.createDocumentFragment();
  let last = 0;
  for (const match of source.matchAll(TOKEN)) {
    const [, before = '', sign = '', value = ''] = match;
    const start = (match.index ?? 0) + before.length;
    const href = tokenHref(sign, value);
    if (!href) continue;
    fragment.append(source.slice(last, start));
    const link = text.ownerDocument.createElement('a');
    link.href = href;
    link.textContent = `${sign}${value}`;
    fragment.append(link);
    last = start + sign.length + value.length;
  }
  if (last === 0) return;
  fragment.append(source.slice(last));
  text.replaceWith(fragment);
}

function textNodes(root: Node): Text[] {
  const found: Text[] = [];
  const visit = (node: Node) => {
    for (const child of Array.from(node.childNodes)) {
      if (child.nodeType === Node.TEXT_NODE) found.push(child as Text);
      else if (child.nodeType === Node.ELEMENT_NODE && !SKIPPED.has((child as Element).tagName)) visit(child);
    }
  };
  visit(root);
  return found;
}

/** Federated text marks tags and mentions with classes (`hashtag`, `mention`): lead them into the app. */
function federatedTarget(link: HTMLAnchorElement, url: URL): string | null {
  const classes = link.classList;
  const label = (link.textContent ?? '').trim();
  if (classes.contains('hashtag') || label.startsWith('#')) {
    const tag = label.replace(/^#/, '');
    if (/^[\p{L}\p{N}_-]+$/u.test(tag)) return tagPath(tag);
  }
  if (classes.contains('mention') || label.startsWith('@')) {
    const name = label.replace(/^@/, '');
    if (/^[\p{L}\p{N}_.-]+$/u.test(name)) return profilePath(name.includes('@') ? name : `${name}@${url.hostname}`);
  }
  return null;
}

function fixLink(link: HTMLAnchorElement, instance: URL): void {
  const raw = link.getAttribute('href');
  if (!raw) return;
  let url: URL;
  try {
    url = new URL(raw, instance);
  } catch {
    link.removeAttribute('href');
    return;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:' && url.protocol !== 'mailto:') {
    link.removeAttribute('href');
    return;
  }
  if (url.origin === instance.origin) {
    link.setAttribute('href', `${url.pathname}${url.search}${url.hash}`);
    link.removeAttribute('target');
    link.removeAttribute('rel');
    return;
  }
  const inApp = url.protocol === 'mailto:' ? null : federatedTarget(link, url);
  if (inApp) {
    link.setAttribute('href', inApp);
    link.removeAttribute('target');
    link.removeAttribute('rel');
    return;
  }
  link.setAttribute('target', '_blank');
  link.setAttribute('rel', 'noopener noreferrer');
}

/**
 * Rewrites sanitised HTML of user text. `instanceUrl` is the pod's address (same-host links are
 * made relative so the router keeps them in the tab). Needs a DOM (browser or jsdom).
 */
export function rewriteUserLinks(html: string, instanceUrl: string): string {
  const template = document.createElement('template');
  template.innerHTML = html;
  const instance = new URL(instanceUrl);
  for (const text of textNodes(template.content)) linkTokens(text);
  for (const link of Array.from(template.content.querySelectorAll('a'))) fixLink(link, instance);
  return template.innerHTML;
}
