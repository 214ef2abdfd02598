import { createStore } from 'zustand';

/** The sidebar's notification counts (calls.md §7.7); all 0 until known, and on any failure. */
export interface NotificationCounts {
  /** Unread inbox items. */
  inbox: number;
  /** Edits waiting for review (library permission). */
  edits: number;
  /** Unhandled reports (moderation permission). */
  reports: number;
  /** Pending user requests (moderation permission). */
  requests: number;
}

export const NO_COUNTS: NotificationCounts = { inbox: 0, edits: 0, reports: 0, requests: 0 };

export const countsStore = createStore<NotificationCounts>(() => NO_COUNTS);
