import type { RemoteDescriptor } from '@shoal/core';
import type { ComponentType } from 'react';

/** What every remote exposes as `./App`: a component rendering its own routes under the host's router. */
interface RemoteAppModule {
  default: ComponentType;
}

/**
 * Loads a remote's `./App`. The federation runtime itself is fetched on the first call, so host
 * pages never pay for it, and a remote the user may not open (or a guard refuses) is never
 * downloaded. A retry re-registers the remote with a fresh entry URL, because both the runtime and
 * the browser's module map remember a failed load.
 */
export async function loadRemoteApp(remote: RemoteDescriptor, attempt: number): Promise<RemoteAppModule> {
  const { federation } = await import('./federation-runtime');
  const entry = new URL(remote.entry, window.location.href);
  if (attempt > 0) entry.searchParams.set('attempt', String(attempt));
  federation.registerRemotes([{ name: remote.name, entry: entry.toString(), type: 'module' }], { force: attempt > 0 });
  const module = await federation.loadRemote<RemoteAppModule>(`${remote.name}/App`);
  if (!module || typeof module.default !== 'function') {
    throw new Error(`The ${remote.name} app did not expose a component.`);
  }
  return module;
}
