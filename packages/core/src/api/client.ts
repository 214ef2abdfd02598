import { ApiError, UNKNOWN_ERROR_MESSAGE } from '../errors/api-error';
import { instanceStore } from '../instance/instance-store';
import { readCookie } from './cookies';

export interface RequestOptions {
  method?: string;
  query?: Record<string, string | number | boolean | null | undefined>;
  json?: unknown;
  form?: FormData | URLSearchParams;
  signal?: AbortSignal;
  /** The API version prefix; real 1.4 pods serve most routes under v1 only. */
  version?: 'v1' | 'v2';
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function apiUrl(path: string, query?: RequestOptions['query'], version: 'v1' | 'v2' = 'v1'): string {
  const base = instanceStore.getState().url;
  if (!base) throw new ApiError(null, ['No pod is chosen yet.']);
  const url = new URL(`api/${version}/${path.replace(/^\//, '')}`, base);
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== null && value !== undefined) url.searchParams.set(key, String(value));
  }
  return url.toString();
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function messagesFor(status: number, body: unknown): string[] {
  const detail = (body as { detail?: unknown } | null)?.detail;
  if (typeof detail === 'string') return [detail];
  if (status === 404) return ['Resource not found'];
  if (status === 403) return ['Permission denied'];
  if (status >= 500) return ['A server error occurred'];
  return [`Request failed (${status})`];
}

/** One call to the pod: credentials, the CSRF header and error shaping live here, never in screens. */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const method = (options.method ?? 'GET').toUpperCase();
  const headers = new Headers({ Accept: 'application/json' });
  const csrf = readCookie('csrftoken');
  if (csrf && !SAFE_METHODS.has(method)) headers.set('X-CSRFToken', csrf);
  let body: BodyInit | undefined;
  if (options.json !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(options.json);
  } else if (options.form) {
    body = options.form;
  }
  let response: Response;
  try {
    response = await fetch(apiUrl(path, options.query, options.version), {
      method,
      headers,
      body,
      credentials: 'include',
      signal: options.signal,
    });
  } catch (cause) {
    if (cause instanceof ApiError) throw cause;
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError(null, [UNKNOWN_ERROR_MESSAGE]);
  }
  const parsed = await readBody(response);
  if (!response.ok) throw new ApiError(response.status, messagesFor(response.status, parsed), parsed, response.headers);
  return parsed as T;
}
