/** A profile address as it appears in the URL: `@name` or `@name@domain`. */
export interface ProfileHandle {
  username: string;
  domain: string | null;
}

export function parseHandle(segment: string): ProfileHandle | null {
  if (!segment.startsWith('@')) return null;
  const [username, domain, ...rest] = segment.slice(1).split('@');
  if (!username || rest.length > 0 || domain === '') return null;
  return { username, domain: domain ?? null };
}

/** The pod's federation domain (host, with the port when not the default), from its address. */
export function domainOf(instanceUrl: string | null): string | null {
  if (!instanceUrl) return null;
  try {
    return new URL(instanceUrl).host;
  } catch {
    return null;
  }
}

/** The `name@domain` the federation routes want; a bare name belongs to this pod. */
export function fullUsername(handle: ProfileHandle, ownDomain: string | null): string {
  return `${handle.username}@${handle.domain ?? ownDomain ?? ''}`;
}

/**
 * product.md §2: a visitor who is not signed in and asks for another domain's profile goes to
 * the login page, with `next` set to the full path.
 */
export function needsLoginFor(handle: ProfileHandle, ownDomain: string | null, authenticated: boolean): boolean {
  if (authenticated || handle.domain === null) return false;
  return handle.domain.toLowerCase() !== (ownDomain ?? '').toLowerCase();
}
