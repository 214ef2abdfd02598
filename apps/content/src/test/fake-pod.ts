import { instanceStore } from '@shoal/core';
import { queryClient } from '@shoal/query';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';

/** Where the fake pod lives. */
export const POD_URL = 'https://pod.example/';

/** One request a screen sent to the pod. */
export interface PodRequest {
  /** The whole address asked for (its `searchParams` hold the query). */
  url: URL;
  /** The API route under `/api/v1/` or `/api/v2/`, without the query string, e.g. `channels/c1/`. */
  path: string;
  /** Upper case: `GET`, `POST`, `PATCH`, `DELETE`. */
  method: string;
  /** A JSON body decoded; any other body (a `FormData`) as sent; null without one. */
  body: unknown;
}

/** The pod's answer to one request; `undefined` is the pod's 404. */
export type PodHandler = (request: PodRequest) => Response | Promise<Response> | undefined;

/** The real pod's answer to a route or an object it does not have. */
export const notFound = () => Response.json({ detail: 'Not found.' }, { status: 404 });

export interface FakePod {
  /** Every request of the current test, in the order sent. */
  readonly sent: PodRequest[];
  /** Answers the rest of the current test with `handler` instead of the file's own. */
  answerWith(handler: PodHandler): void;
}

function decode(body: BodyInit | null | undefined): unknown {
  if (body === undefined || body === null) return null;
  if (typeof body !== 'string') return body;
  try {
    return JSON.parse(body);
  } catch {
    return body;
  }
}

/**
 * The content app's pod for screen tests, set up once per test file: before each test the pod
 * address is chosen and `fetch` answers through `handler` (a 404 `{ detail }` for whatever it leaves
 * out), recording every request; after each, the screen is unmounted, the shared query cache emptied
 * and `fetch` restored. The screens still go through the real request layer (`apiRequest`).
 */
export function setUpFakePod(handler: PodHandler): FakePod {
  const sent: PodRequest[] = [];
  let answer = handler;
  beforeEach(() => {
    sent.length = 0;
    answer = handler;
    instanceStore.setState({ url: POD_URL });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const url = new URL(input instanceof Request ? input.url : String(input));
        const request: PodRequest = {
          url,
          path: url.pathname.replace(/^\/api\/v[12]\//, ''),
          method: (init?.method ?? 'GET').toUpperCase(),
          body: decode(init?.body),
        };
        sent.push(request);
        return (await answer(request)) ?? notFound();
      }),
    );
  });
  afterEach(() => {
    cleanup();
    queryClient.clear();
    vi.unstubAllGlobals();
  });
  return {
    sent,
    answerWith: (next) => {
      answer = next;
    },
  };
}
