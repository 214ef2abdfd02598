import { instanceStore, markAnonymous, type Profile, publishLiveEvent, setProfile } from '@shoal/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { refreshCounts, startNotificationCounts } from './counts';
import { countsStore, NO_COUNTS } from './counts-store';

const admin: Profile = {
  id: 1,
  username: 'admin',
  full_username: 'admin@pod.example',
  permissions: { library: true, moderation: true, settings: true },
};
const listener: Profile = { id: 2, username: 'listener', full_username: 'listener@pod.example', permissions: {} };

const answers: Record<string, () => Response> = {};
const calls: string[] = [];

function answer(path: string, make: () => Response) {
  answers[path] = make;
}
const count = (n: number) => () => new Response(JSON.stringify({ count: n, next: null, previous: null, results: [] }));

beforeEach(() => {
  instanceStore.setState({ url: 'https://pod.example/' });
  markAnonymous();
  countsStore.setState(NO_COUNTS, true);
  calls.length = 0;
  for (const key of Object.keys(answers)) delete answers[key];
  vi.stubGlobal('fetch', async (input: string) => {
    const url = new URL(input);
    calls.push(`${url.pathname}?${url.searchParams}`);
    const make = answers[url.pathname];
    return make ? make() : new Response('{"detail":"Not found."}', { status: 404 });
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  markAnonymous();
});

describe('notification counts', () => {
  it('asks each count with page size 1, by permission (calls.md §7.7)', async () => {
    answer('/api/v1/federation/inbox/', count(4));
    answer('/api/v1/mutations/', count(2));
    answer('/api/v1/manage/moderation/reports/', count(3));
    answer('/api/v1/manage/moderation/requests/', count(1));
    setProfile(admin);
    await refreshCounts();
    expect(countsStore.getState()).toEqual({ inbox: 4, edits: 2, reports: 3, requests: 1 });
    expect(calls.sort()).toEqual([
      '/api/v1/federation/inbox/?is_read=false&page_size=1',
      '/api/v1/manage/moderation/reports/?is_handled=false&page_size=1',
      '/api/v1/manage/moderation/requests/?status=pending&page_size=1',
      '/api/v1/mutations/?is_approved=null&page_size=1',
    ]);

    calls.length = 0;
    setProfile(listener);
    await refreshCounts();
    expect(calls).toEqual(['/api/v1/federation/inbox/?is_read=false&page_size=1']);
    expect(countsStore.getState()).toEqual({ inbox: 4, edits: 0, reports: 0, requests: 0 });
  });

  it('counts 0 when a count fails', async () => {
    answer('/api/v1/federation/inbox/', () => new Response('{"detail":"oops"}', { status: 500 }));
    answer('/api/v1/mutations/', count(2));
    setProfile(admin);
    await refreshCounts();
    expect(countsStore.getState()).toEqual({ inbox: 0, edits: 2, reports: 0, requests: 0 });
  });

  it('follows the live events (calls.md §7.9) and resets on sign-out', async () => {
    answer('/api/v1/federation/inbox/', count(1));
    const stop = startNotificationCounts();
    setProfile(admin);
    await vi.waitFor(() => expect(countsStore.getState().inbox).toBe(1));
    publishLiveEvent({ type: 'inbox.item_added', item: {} });
    publishLiveEvent({ type: 'mutation.created', pending_review_count: 5 });
    publishLiveEvent({ type: 'mutation.updated', pending_review_count: 4 });
    publishLiveEvent({ type: 'report.created', unresolved_count: 7 });
    publishLiveEvent({ type: 'user_request.created', pending_count: 2 });
    publishLiveEvent({ type: 'report.created' });
    expect(countsStore.getState()).toEqual({ inbox: 2, edits: 4, reports: 7, requests: 2 });
    markAnonymous();
    expect(countsStore.getState()).toEqual(NO_COUNTS);
    stop();
  });
});
