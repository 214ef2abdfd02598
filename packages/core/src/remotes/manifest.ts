/** What the gateway's `/remotes.json` says: which micro-frontend owns which routes, and what each route needs. */
export type Permission = 'settings' | 'library' | 'moderation';
export type Requirement = 'login' | Permission;

export interface RemoteRoute {
  /** A path prefix matched segment by segment; a trailing `*` matches any continuation (`/@*` covers `/@alice`). */
  path: string;
  requires?: Requirement;
}

export interface RemoteDescriptor {
  name: string;
  entry: string;
  routes: RemoteRoute[];
}

export interface RemoteManifest {
  remotes: RemoteDescriptor[];
}

export interface RouteMatch {
  remote: RemoteDescriptor;
  route: RemoteRoute;
}

function matchesPrefix(pattern: string, pathname: string): boolean {
  if (pattern.endsWith('*')) return pathname.startsWith(pattern.slice(0, -1));
  return pathname === pattern || pathname.startsWith(`${pattern}/`);
}

/** The most specific route of any remote that owns `pathname`, or null when the host owns it. */
export function matchRemoteRoute(manifest: RemoteManifest, pathname: string): RouteMatch | null {
  let best: RouteMatch | null = null;
  for (const remote of manifest.remotes) {
    for (const route of remote.routes) {
      if (!matchesPrefix(route.path, pathname)) continue;
      if (!best || route.path.length > best.route.path.length) best = { remote, route };
    }
  }
  return best;
}

const REQUIREMENTS: readonly string[] = ['login', 'settings', 'library', 'moderation'];

/** Reads an untrusted manifest, keeping only well-formed entries so one bad remote cannot break the others. */
export function parseRemoteManifest(value: unknown): RemoteManifest {
  const remotes: RemoteDescriptor[] = [];
  const list = (value as { remotes?: unknown } | null)?.remotes;
  if (!Array.isArray(list)) return { remotes };
  for (const item of list) {
    const { name, entry, routes } = (item ?? {}) as Record<string, unknown>;
    if (typeof name !== 'string' || typeof entry !== 'string' || !Array.isArray(routes)) continue;
    const parsedRoutes: RemoteRoute[] = [];
    for (const route of routes) {
      const { path, requires } = (route ?? {}) as Record<string, unknown>;
      if (typeof path !== 'string' || !path.startsWith('/')) continue;
      if (typeof requires === 'string' && REQUIREMENTS.includes(requires)) {
        parsedRoutes.push({ path, requires: requires as Requirement });
      } else {
        parsedRoutes.push({ path });
      }
    }
    remotes.push({ name, entry, routes: parsedRoutes });
  }
  return { remotes };
}
