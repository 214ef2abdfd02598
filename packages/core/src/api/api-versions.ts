import { instanceStore } from '../instance/instance-store';

export type ApiVersion = 'v1' | 'v2';
/** A pod's major Funkwhale version, as far as the API prefix is concerned. */
export type PodGeneration = 1 | 2;

/**
 * Routes a 1.x pod also serves under `/api/v2/` (the real 1.4 schema: instance and radios only);
 * everything else exists there under `/api/v1/` alone.
 */
const V2_ON_FIRST_GENERATION = ['instance/', 'radios/'];
/** Routes that only exist under `/api/v2/`, on pods of the second generation (calls.md §7.8). */
const V2_ONLY = ['upload-groups'];

/** `2.0.0` → 2, `1.4.0` → 1; null when the version says nothing usable. */
export function podGenerationOf(version: string | undefined | null): PodGeneration | null {
  const major = Number.parseInt(String(version ?? '').trim(), 10);
  if (!Number.isFinite(major) || major < 1) return null;
  return major >= 2 ? 2 : 1;
}

/**
 * The one table of API prefixes (calls.md §7.1: calls go under `api/v2/`): a second-generation pod
 * gets every call under v2, a 1.x pod gets v1 except for what it also serves under v2, and a pod
 * whose version is not known yet gets v1, which every Funkwhale version serves.
 */
export function apiVersionFor(path: string, generation: PodGeneration | null): ApiVersion {
  const route = path.replace(/^\/+/, '');
  if (V2_ONLY.some((prefix) => route.startsWith(prefix))) return 'v2';
  if (generation === 2) return 'v2';
  if (generation === 1 && V2_ON_FIRST_GENERATION.some((prefix) => route.startsWith(prefix))) return 'v2';
  return 'v1';
}

/** Remembers the chosen pod's generation (from its nodeinfo), for the address it was read from. */
export function setPodGeneration(url: string, version: string | undefined | null): void {
  if (instanceStore.getState().url !== url) return;
  instanceStore.setState({ generation: podGenerationOf(version) });
}
