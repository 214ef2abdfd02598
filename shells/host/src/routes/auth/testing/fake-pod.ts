import { instanceStore, sessionStore, setTokens } from '@shoal/core';
import { vi } from 'vitest';

/** One request the screens sent, with its body decoded. */
export interface SentRequest {
  method: string;
  path: string;
  body: unknown;
  headers: Headers;
}

type Answer = { status: number; body?: unknown };
type Route = (request: SentRequest) => Answer;

/**
 * A pod for screen tests: `fetch` answers from a table of `METHOD path` → answer, and every
 * request is recorded. The screens still go through the real request layer (CSRF, error shaping).
 */
export function fakePod(routes: Record<string, Answer | Route>) {
  const sent: SentRequest[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(input.toString());
      const method = (init.method ?? 'GET').toUpperCase();
      const path = url.pathname.replace(/^\/api\/v[12]\//, '') + url.search;
      let body: unknown = null;
      if (typeof init.body === 'string') body = JSON.parse(init.body);
      else if (init.body instanceof URLSearchParams || init.body instanceof FormData) {
        body = Object.fromEntries(init.body.entries());
      }
      const request = { method, path, body, headers: new Headers(init.headers) };
      sent.push(request);
      const route = routes[`${method} ${path}`];
      const answer =
        typeof route === 'function' ? route(request) : (route ?? { status: 404, body: { detail: 'Not found.' } });
      return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
        status: answer.status,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  return sent;
}

/** A chosen pod on this origin, nobody signed in, no tokens. */
export function resetClientState(pod = `${window.location.origin}/`): void {
  instanceStore.setState({ url: pod, known: [] });
  setTokens(null);
  sessionStore.setState({
    status: 'anonymous',
    profile: null,
    permissions: { settings: false, library: false, moderation: false },
  });
  sessionStorage.clear();
  localStorage.clear();
}

export const PROFILE = {
  id: 7,
  username: 'newcomer',
  full_username: 'newcomer@pod.example',
  permissions: { library: false, moderation: false, settings: false },
  tokens: { listen: 'listen-token' },
};
