import { refreshTokens } from '../auth/refresh-tokens';
import { tokenStore } from '../auth/token-store';
import { ApiError, UNKNOWN_ERROR_MESSAGE } from '../errors/api-error';
import { messagesForResponse } from '../errors/response-messages';
import { instanceStore } from '../instance/instance-store';
import { handleSessionExpired } from '../session/session-expiry';
import { sessionStore } from '../session/session-store';
import { apiVersionFor } from './api-versions';
import { readCookie } from './cookies';

export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  method?: string;
  query?: Record<string, QueryValue | QueryValue[]>;
  json?: unknown;
  form?: FormData | URLSearchParams;
  signal?: AbortSignal;
  /** Extra headers, e.g. `X-Requested-With` to get JSON instead of a redirect. */
  headers?: Record<string, string>;
  /** Set for the token endpoint itself, which must never trigger a refresh. */
  skipTokenRefresh?: boolean;
}

/** The call's full URL; its API prefix comes from the table of api-versions.ts, for the chosen pod. */
export function apiUrl(path: string, query?: RequestOptions['query']): string {
  const { url: base, generation } = instanceStore.getState();
  if (!base) throw new ApiError(null, ['No pod is chosen yet.']);
  const version = apiVersionFor(path, generation);
  const url = new URL(`api/${version}/${path.replace(/^\//, '')}`, base);
  for (const [key, value] of Object.entries(query ?? {})) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item !== null && item !== undefined) url.searchParams.append(key, String(item));
    }
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

function buildRequest(options: RequestOptions): RequestInit {
  const headers = new Headers({ Accept: 'application/json', ...options.headers });
  // calls.md §7.1: every request carries the CSRF cookie's value, and the bearer token when held.
  const csrf = readCookie('csrftoken');
  if (csrf) headers.set('X-CSRFToken', csrf);
  const tokens = tokenStore.getState().tokens;
  if (tokens) headers.set('Authorization', `Bearer ${tokens.accessToken}`);
  let body: BodyInit | undefined;
  if (options.json !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(options.json);
  } else if (options.form) {
    body = options.form;
  }
  return { method: (options.method ?? 'GET').toUpperCase(), headers, body, signal: options.signal };
}

async function send(url: string, options: RequestOptions): Promise<Response> {
  try {
    return await fetch(url, buildRequest(options));
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError(null, [UNKNOWN_ERROR_MESSAGE]);
  }
}

/** One call to the pod: credentials, token refresh and error shaping live here, never in screens. */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const url = apiUrl(path, options.query);
  let response = await send(url, options);

  if (response.status === 401 && !options.skipTokenRefresh) {
    if (tokenStore.getState().tokens) {
      // calls.md §7.1: with a token, refresh it and retry once; an invalid grant logs the user out.
      if (await refreshTokens()) response = await send(url, options);
    } else if (sessionStore.getState().status === 'authenticated') {
      handleSessionExpired();
    }
  }

  const body = await readBody(response);
  if (!response.ok) {
    if (response.status === 429) console.warn('This client is rate-limited!');
    throw new ApiError(
      response.status,
      messagesForResponse(response.status, body, response.headers),
      body,
      response.headers,
    );
  }
  return body as T;
}
