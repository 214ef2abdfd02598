/**
 * What `federation/fetches/{id}/` tells when a fetch fails (schema Fetch, `detail.error_code`), as one of
 * the spec's refresh error kinds (calls.md §8.3): connection, HTTP status, timeout, invalid JSON,
 * invalid attributes, unknown; and objects of a kind Shoal does not follow.
 */
export type FetchProblemKind = 'connection' | 'http' | 'timeout' | 'invalid_json' | 'validation' | 'type' | 'unknown';

export interface FetchProblem {
  kind: FetchProblemKind;
  /** The HTTP status the remote server answered, for `http`. */
  status?: number;
}

/** A fetch as `federation/fetches/` answers it: the fields read here. */
export interface Fetch {
  id: number;
  status: 'pending' | 'errored' | 'finished' | 'skipped';
  detail?: Record<string, unknown> | null;
}

export function fetchProblem(detail: Fetch['detail']): FetchProblem {
  const code = typeof detail?.error_code === 'string' ? detail.error_code : '';
  switch (code) {
    case 'connection':
    case 'timeout':
    case 'invalid_json':
    case 'validation':
      return { kind: code };
    case 'http': {
      const status = Number(detail?.status_code);
      return Number.isInteger(status) && status > 0 ? { kind: 'http', status } : { kind: 'http' };
    }
    case 'type':
    case 'missing_jsonld_type':
      return { kind: 'type' };
    default:
      return { kind: 'unknown' };
  }
}

/** Thrown by the library lookup when the pod could not fetch the address. */
export class RemoteFetchError extends Error {
  constructor(readonly problem: FetchProblem) {
    super(`fetch failed: ${problem.kind}`);
    this.name = 'RemoteFetchError';
  }
}

/** How many times, a second apart, a pending fetch is read again before giving up with a timeout. */
export const FETCH_POLLS = 15;
