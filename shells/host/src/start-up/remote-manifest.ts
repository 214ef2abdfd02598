import { parseRemoteManifest, type RemoteManifest } from '@shoal/core';

export type ManifestResult = { ok: true; manifest: RemoteManifest } | { ok: false; manifest: RemoteManifest };

/** The gateway's list of micro-frontends; read at run time so a remote can move without rebuilding the host. */
export async function fetchRemoteManifest(): Promise<ManifestResult> {
  try {
    const response = await fetch('/remotes.json', { headers: { Accept: 'application/json' } });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    return { ok: true, manifest: parseRemoteManifest(await response.json()) };
  } catch (error) {
    console.error('Error while fetching the remotes manifest', error);
    return { ok: false, manifest: { remotes: [] } };
  }
}
