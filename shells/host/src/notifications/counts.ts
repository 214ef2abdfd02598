import { apiRequest, type LiveEvent, sessionStore, subscribeLiveEvent } from '@shoal/core';
import { countsStore, NO_COUNTS, type NotificationCounts } from './counts-store';

interface Counted {
  count?: unknown;
}

/** One count: a list call with page size 1 whose `count` is read; any failure counts 0 (calls.md §8.2). */
async function count(path: string, query: Record<string, string>): Promise<number> {
  try {
    const page = await apiRequest<Counted>(path, { query: { ...query, page_size: 1 } });
    return typeof page?.count === 'number' && page.count >= 0 ? page.count : 0;
  } catch {
    return 0;
  }
}

/** Fetches the counts the signed-in user may see (calls.md §7.7); the others stay 0. */
export async function fetchCounts(): Promise<NotificationCounts> {
  const { status, permissions } = sessionStore.getState();
  if (status !== 'authenticated') return NO_COUNTS;
  const [inbox, edits, reports, requests] = await Promise.all([
    count('federation/inbox/', { is_read: 'false' }),
    permissions.library ? count('mutations/', { is_approved: 'null' }) : 0,
    permissions.moderation ? count('manage/moderation/reports/', { is_handled: 'false' }) : 0,
    permissions.moderation ? count('manage/moderation/requests/', { status: 'pending' }) : 0,
  ]);
  return { inbox, edits, reports, requests };
}

let generation = 0;

/** Re-reads every count (after sign-in, or when the inbox was read). */
export async function refreshCounts(): Promise<void> {
  const mine = ++generation;
  const counts = await fetchCounts();
  // A later refresh (or a sign-out) wins over one still in flight.
  if (mine === generation) countsStore.setState(counts, true);
}

const numberField = (event: LiveEvent, field: string): number | null => {
  const value = event[field];
  return typeof value === 'number' && value >= 0 ? value : null;
};

/** Live updates of the counts (calls.md §7.9). */
function applyLiveEvent(event: LiveEvent): void {
  const set = (key: keyof NotificationCounts, value: number | null) => {
    if (value !== null) countsStore.setState({ [key]: value });
  };
  switch (event.type) {
    case 'inbox.item_added':
      countsStore.setState((state) => ({ inbox: state.inbox + 1 }));
      break;
    case 'mutation.created':
    case 'mutation.updated':
      set('edits', numberField(event, 'pending_review_count'));
      break;
    case 'report.created':
      set('reports', numberField(event, 'unresolved_count'));
      break;
    case 'user_request.created':
      set('requests', numberField(event, 'pending_count'));
      break;
  }
}

/** Keeps the counts current: fetched on sign-in and permission changes, zero when signed out, live in between. */
export function startNotificationCounts(): () => void {
  let key = '';
  const sync = () => {
    const { status, permissions, profile } = sessionStore.getState();
    const next =
      status === 'authenticated'
        ? `${profile?.username}:${permissions.library}:${permissions.moderation}`
        : 'signed-out';
    if (next === key) return;
    key = next;
    if (status === 'authenticated') void refreshCounts();
    else {
      generation += 1;
      countsStore.setState(NO_COUNTS, true);
    }
  };
  const stops = [
    sessionStore.subscribe(sync),
    ...['inbox.item_added', 'mutation.created', 'mutation.updated', 'report.created', 'user_request.created'].map(
      (type) => subscribeLiveEvent(type, applyLiveEvent),
    ),
  ];
  sync();
  return () => {
    for (const stop of stops) stop();
  };
}
