import { apiRequest } from '@shoal/core';

/** The parts of a `federation/inbox/` item the page uses (real Funkwhale shape). */
export interface InboxItem {
  id: number;
  is_read: boolean;
  activity: {
    type?: string;
    creation_date?: string;
    actor?: {
      full_username?: string;
      preferred_username?: string | null;
      name?: string | null;
      is_local?: boolean;
    } | null;
    object?: { type?: string; name?: string; uuid?: string } | null;
    related_object?: { type?: string; uuid?: string; approved?: boolean | null } | null;
  };
}

interface InboxPage {
  count: number;
  results: InboxItem[];
}

export const INBOX_PAGE_SIZE = 25;

export function listInbox(showRead: boolean): Promise<InboxPage> {
  return apiRequest<InboxPage>('federation/inbox/', {
    query: { page_size: INBOX_PAGE_SIZE, is_read: showRead ? undefined : false },
  });
}

export function setRead(id: number, isRead: boolean): Promise<InboxItem> {
  return apiRequest<InboxItem>(`federation/inbox/${id}/`, { method: 'PATCH', json: { is_read: isRead } });
}

export function markAllRead(): Promise<unknown> {
  return apiRequest('federation/inbox/action/', {
    method: 'POST',
    json: { action: 'read', objects: 'all', filters: { is_read: false } },
  });
}

/** Answers a pending library follow. */
export function answerFollow(uuid: string, accept: boolean): Promise<unknown> {
  return apiRequest(`federation/follows/library/${uuid}/${accept ? 'accept' : 'reject'}/`, { method: 'POST' });
}

/** The name shown for the actor of an activity. */
export function actorName(item: InboxItem): string {
  const actor = item.activity.actor;
  return actor?.full_username ?? actor?.preferred_username ?? actor?.name ?? '?';
}

/** The library follow an item is about, when it is one. */
export function libraryFollow(item: InboxItem): { uuid: string; approved: boolean | null } | null {
  const related = item.activity.related_object;
  if (item.activity.type !== 'Follow' || related?.type !== 'federation.LibraryFollow' || !related.uuid) return null;
  return { uuid: related.uuid, approved: related.approved ?? null };
}
