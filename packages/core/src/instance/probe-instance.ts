import { normaliseInstanceUrl } from './instance-store';

/** What nodeinfo 2.1 tells about a pod; only the fields the client reads. */
export interface ProbedNodeInfo {
  software: { name: string; version?: string };
}

export type ProbeResult =
  | { ok: true; url: string; nodeinfo: ProbedNodeInfo }
  | { ok: false; reason: 'invalid-url' | 'not-a-pod'; url: string | null };

/**
 * Checks that an address the user typed is a pod: normalises it, then reads its nodeinfo (always
 * under `/api/v1/`, where every Funkwhale version serves it). Never throws; the caller turns the
 * reason into a message.
 */
export async function probeInstance(raw: string, signal?: AbortSignal): Promise<ProbeResult> {
  const url = normaliseInstanceUrl(raw);
  if (!url) return { ok: false, reason: 'invalid-url', url: null };
  try {
    // No credentials: the chosen pod may be on another origin and must not see this origin's cookies.
    const response = await fetch(new URL('api/v1/instance/nodeinfo/2.1/', url), {
      headers: { Accept: 'application/json' },
      credentials: 'omit',
      signal,
    });
    if (!response.ok) return { ok: false, reason: 'not-a-pod', url };
    const body = (await response.json()) as { software?: { name?: unknown; version?: unknown } } | null;
    const name = body?.software?.name;
    if (typeof name !== 'string' || !name) return { ok: false, reason: 'not-a-pod', url };
    const version = body?.software?.version;
    return {
      ok: true,
      url,
      nodeinfo: { software: { name, ...(typeof version === 'string' ? { version } : {}) } },
    };
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    return { ok: false, reason: 'not-a-pod', url };
  }
}
