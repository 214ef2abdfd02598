import { createStore } from 'zustand';

const STORAGE_KEY = 'shoal.instance';

export interface InstanceState {
  /** The pod's base URL with a trailing slash, or null while it is still the placeholder default. */
  url: string | null;
  known: string[];
  /** The pod's Funkwhale generation, read from its nodeinfo at start; null until then (see api-versions). */
  generation: 1 | 2 | null;
}

/** Normalises a user-typed address into `scheme://host[:port]/`, or null when it is not an http(s) URL. */
export function normaliseInstanceUrl(raw: string): string | null {
  const trimmed = raw.trim();
  if (!trimmed) return null;
  // A bare host gets https; any other explicit scheme (ftp:, javascript:, file:) is refused.
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) && !/^https?:\/\//i.test(trimmed)) return null;
  const withScheme = /^https?:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`;
  try {
    const url = new URL(withScheme);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    return `${url.origin}/`;
  } catch {
    return null;
  }
}

function readStored(): Pick<InstanceState, 'url' | 'known'> {
  try {
    const parsed = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null') as Partial<InstanceState> | null;
    const url = typeof parsed?.url === 'string' ? normaliseInstanceUrl(parsed.url) : null;
    const known = Array.isArray(parsed?.known) ? parsed.known.filter((item) => typeof item === 'string') : [];
    return { url, known };
  } catch {
    return { url: null, known: [] };
  }
}

export const instanceStore = createStore<InstanceState>(() => ({ url: null, known: [], generation: null }));

/** Loads the persisted address; `fallback` (the front-end's defaultServerUrl) applies when none was chosen. */
export function restoreInstance(fallback: string | null): void {
  const stored = readStored();
  const url = stored.url ?? (fallback ? normaliseInstanceUrl(fallback) : null);
  instanceStore.setState({ url, known: stored.known, generation: null });
}

/** Chooses a pod and remembers it among the known ones (persisted, calls.md §9.4). */
export function setInstanceUrl(raw: string): string | null {
  const url = normaliseInstanceUrl(raw);
  if (!url) return null;
  const { known } = instanceStore.getState();
  const next = { url, known: known.includes(url) ? known : [...known, url] };
  instanceStore.setState({ ...next, generation: null });
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(next));
  } catch {
    // Storage may be full or disabled (private mode): the choice still holds for this visit.
  }
  return url;
}

export function clearInstanceUrl(): void {
  instanceStore.setState({ url: null, generation: null });
}
