import { LIVE_RECONNECTED, type LiveEvent, subscribeLiveEvent } from '@shoal/core';
import { nanoid } from 'nanoid';
import { createStore, type StoreApi } from 'zustand';
import { t } from '../../i18n';
import { denialMessage, failureLabel, isCancellation, uploadErrorMessage } from './denials';
import { hasSupportedExtension } from './extensions';
import { parseTagsInWorker, type TagParser, TagReaderUnavailableError } from './tag-reading';
import type { ImportStatus, QueuedUpload, UploadGroup, UploadGroupResponse, UploadMetadata } from './types';
import { createUploadGroup, fetchImport, findSentUpload, sendUpload } from './upload-api';

export interface UploadDependencies {
  createGroup: () => Promise<UploadGroupResponse>;
  send: (
    group: UploadGroup,
    upload: QueuedUpload,
    onProgress: (p: number) => void,
    signal: AbortSignal,
  ) => Promise<string>;
  parseTags: TagParser;
  newId: () => string;
  now: () => string;
  subscribe: (listener: (event: LiveEvent) => void) => () => void;
  /** Re-reads an upload's import status (after the live connection missed events). */
  fetchImport: (guid: string) => Promise<{ import_status: string; import_date?: string | null }>;
  /** The pod's uuid for a file an earlier send may have delivered without its answer, or null. */
  findSent?: (group: UploadGroup, upload: QueuedUpload) => Promise<string | null>;
}

export interface UploadState {
  groups: UploadGroup[];
  /** Local id of the upload being sent, if any (one at a time). */
  currentId: string | null;
  /** Makes a group for a library (or a channel) and queues the files into it; resolves with the group's guid. */
  uploadFiles: (
    library: { uuid: string; name: string; type?: 'library' | 'channel' },
    files: File[],
  ) => Promise<string>;
  retry: (id: string) => void;
  cancel: (id: string) => void;
  remove: (id: string) => void;
  cancelGroup: (guid: string) => void;
  retryGroup: (guid: string) => void;
  handleLiveEvent: (event: LiveEvent) => void;
}

/** A failed upload retry can fix (a refused file type cannot be fixed by trying again). */
export function canRetry(upload: QueuedUpload): boolean {
  return upload.failureReason !== undefined && !upload.rejected;
}

/** Waiting for its turn or being sent: not failed, not yet named by the pod. */
export function isQueued(upload: QueuedUpload): boolean {
  return upload.failureReason === undefined && upload.guid === undefined;
}

/** Still moving: queued, sending, or sent and waiting for the import's verdict. */
export function isInProgress(upload: QueuedUpload): boolean {
  return upload.failureReason === undefined && upload.importedAt === undefined;
}

export interface GroupSummary {
  progress: number;
  failed: number;
  imported: number;
  processing: number;
  total: number;
}

/** product.md §3: a group's overall progress and its counts. */
export function summarise(group: UploadGroup): GroupSummary {
  const total = group.queue.length;
  const progress = total ? Math.round(group.queue.reduce((sum, upload) => sum + upload.progress, 0) / total) : 0;
  return {
    progress,
    failed: group.queue.filter((upload) => upload.failureReason !== undefined).length,
    imported: group.queue.filter((upload) => upload.importedAt !== undefined).length,
    processing: group.queue.filter(isInProgress).length,
    total,
  };
}

export function hasUploadInProgress(groups: UploadGroup[]): boolean {
  return groups.some((group) => group.queue.some(isQueued));
}

const IMPORT_STATUSES: readonly ImportStatus[] = ['draft', 'pending', 'finished', 'errored', 'skipped'];

export function createUploadStore(deps: UploadDependencies): StoreApi<UploadState> {
  let controller: AbortController | null = null;
  let unsubscribe: (() => void) | null = null;

  const store = createStore<UploadState>((set, get) => {
    const patch = (id: string, change: Partial<QueuedUpload>) =>
      set((state) => ({
        groups: state.groups.map((group) =>
          group.queue.some((upload) => upload.id === id)
            ? { ...group, queue: group.queue.map((upload) => (upload.id === id ? { ...upload, ...change } : upload)) }
            : group,
        ),
      }));

    const find = (id: string): [UploadGroup, QueuedUpload] | null => {
      for (const group of get().groups) {
        const upload = group.queue.find((item) => item.id === id);
        if (upload) return [group, upload];
      }
      return null;
    };

    /** An empty group is removed (product.md §4). */
    const dropEmptyGroups = () => {
      const groups = get().groups.filter((group) => group.queue.length > 0);
      if (groups.length !== get().groups.length) set({ groups });
    };

    const listen = () => {
      if (!unsubscribe) unsubscribe = deps.subscribe((event) => get().handleLiveEvent(event));
    };

    /** Sends the first queued upload, in queue order, when nothing is being sent. */
    const pump = () => {
      if (get().currentId) return;
      let next: [UploadGroup, QueuedUpload] | null = null;
      for (const group of get().groups) {
        const upload = group.queue.find(isQueued);
        if (upload) {
          next = [group, upload];
          break;
        }
      }
      // The head of the queue may still be reading its tags: it keeps its turn.
      if (!next || next[1].metadata === undefined) return;
      const [group, upload] = next;
      if (next[1].metadata === null) {
        patch(upload.id, { failureReason: 'missing-tags', error: failureLabel('missing-tags') });
        pump();
        return;
      }
      const current = new AbortController();
      controller = current;
      set({ currentId: upload.id });
      patch(upload.id, { uploading: true, progress: 0 });
      const send = () => deps.send(group, upload, (progress) => patch(upload.id, { progress }), current.signal);
      // Nothing lost, nothing twice: a file whose earlier send lost its answer is looked up first.
      let recovered = false;
      const sending =
        upload.sentBefore && deps.findSent
          ? deps
              .findSent(group, upload)
              .catch(() => null)
              .then((found) => {
                if (!found) return send();
                recovered = true;
                return found;
              })
          : send();
      sending
        .then(
          (guid) => {
            patch(upload.id, { guid, progress: 100, uploading: false, sentBefore: false });
            // Its import may have ended while the page had no answer: ask where it stands.
            if (recovered) recheck(guid);
          },
          (error: unknown) => {
            if (isCancellation(error)) {
              patch(upload.id, {
                uploading: false,
                failureReason: 'upload-cancelled',
                error: undefined,
                sentBefore: true,
              });
            } else {
              patch(upload.id, {
                uploading: false,
                failureReason: 'upload-failed',
                error: uploadErrorMessage(error),
                sentBefore: true,
              });
            }
          },
        )
        .finally(() => {
          if (controller === current) controller = null;
          set({ currentId: null });
          pump();
        });
    };

    /** Asks the pod where an upload's import stands, for events this page may have missed. */
    const recheck = (guid: string) => {
      deps.fetchImport(guid).then(
        (found) => {
          if (found.import_status === 'pending' || found.import_status === 'draft') return;
          get().handleLiveEvent({
            type: 'import.status_updated',
            new_status: found.import_status,
            upload: { uuid: guid, import_date: found.import_date ?? null },
          });
        },
        () => {},
      );
    };

    const readTags = (upload: QueuedUpload) => {
      const settle = (metadata: UploadMetadata | null) => {
        const found = find(upload.id);
        if (!found) return;
        // A file cancelled while its tags were read stays cancelled.
        if (metadata || found[1].failureReason) patch(upload.id, { metadata });
        else patch(upload.id, { metadata: null, failureReason: 'missing-tags', error: failureLabel('missing-tags') });
        pump();
      };
      const unavailable = () => {
        const found = find(upload.id);
        if (!found || found[1].failureReason) return;
        // Nothing is known about the tags (metadata stays undefined): retry reads them again.
        patch(upload.id, {
          metadata: undefined,
          failureReason: 'upload-failed',
          error: t('upload.failure.tagReader'),
        });
        pump();
      };
      deps
        .parseTags(upload.id, upload.file)
        .then(settle, (error: unknown) => (error instanceof TagReaderUnavailableError ? unavailable() : settle(null)));
    };

    const retryOne = (id: string) => {
      const found = find(id);
      if (!found || !canRetry(found[1])) return;
      const upload = found[1];
      // The tag reader never loaded: the tags were not read yet, so read them again.
      if (upload.metadata === undefined) {
        patch(id, { error: undefined, failureReason: undefined, progress: 0 });
        readTags(upload);
        return;
      }
      // product.md §4: retry clears error and failure, resets progress and re-queues; no tags → missing-tags.
      if (!upload.metadata) {
        patch(id, { failureReason: 'missing-tags', error: failureLabel('missing-tags'), progress: 0 });
        return;
      }
      patch(id, {
        error: undefined,
        failureReason: undefined,
        progress: 0,
        guid: undefined,
        importedAt: undefined,
        importStatus: undefined,
      });
    };

    return {
      groups: [],
      currentId: null,

      uploadFiles: async (library, files) => {
        const response = await deps.createGroup();
        const queue: QueuedUpload[] = files.map((file) => {
          const upload: QueuedUpload = { id: deps.newId(), file, progress: 0, metadata: undefined, uploading: false };
          if (hasSupportedExtension(file.name)) return upload;
          return {
            ...upload,
            metadata: null,
            rejected: true,
            failureReason: 'upload-failed',
            error: denialMessage('extension'),
          };
        });
        const group: UploadGroup = {
          guid: response.guid,
          type: library.type ?? 'library',
          targetLibraryGuid: library.uuid,
          targetLibraryName: library.name,
          uploadUrl: response.uploadUrl,
          createdAt: response.createdAt ?? deps.now(),
          queue,
        };
        set((state) => ({ groups: [...state.groups, group] }));
        dropEmptyGroups();
        listen();
        for (const upload of queue) if (!upload.rejected) readTags(upload);
        return group.guid;
      },

      retry: (id) => {
        retryOne(id);
        pump();
      },

      cancel: (id) => {
        const found = find(id);
        if (!found || found[1].importedAt !== undefined || found[1].failureReason) return;
        if (get().currentId === id) controller?.abort();
        else patch(id, { failureReason: 'upload-cancelled', error: undefined, uploading: false });
      },

      remove: (id) => {
        if (get().currentId === id) controller?.abort();
        set((state) => ({
          groups: state.groups.map((group) => ({ ...group, queue: group.queue.filter((upload) => upload.id !== id) })),
        }));
        dropEmptyGroups();
      },

      cancelGroup: (guid) => {
        const group = get().groups.find((item) => item.guid === guid);
        if (!group) return;
        for (const upload of group.queue) {
          if (upload.importedAt !== undefined || upload.failureReason) continue;
          if (get().currentId === upload.id) controller?.abort();
          else patch(upload.id, { failureReason: 'upload-cancelled', error: undefined, uploading: false });
        }
      },

      retryGroup: (guid) => {
        const group = get().groups.find((item) => item.guid === guid);
        if (!group) return;
        for (const upload of group.queue) if (canRetry(upload)) retryOne(upload.id);
        pump();
      },

      handleLiveEvent: (event) => {
        if (event.type === LIVE_RECONNECTED) {
          // Events sent while the socket was down are lost: ask the pod about every upload still waiting.
          const waiting = get().groups.flatMap((group) =>
            group.queue.filter((upload) => upload.guid && upload.importedAt === undefined && !upload.failureReason),
          );
          for (const upload of waiting) recheck(upload.guid as string);
          return;
        }
        if (event.type !== 'import.status_updated') return;
        const payload = event.upload as { uuid?: unknown; import_date?: unknown } | undefined;
        const status = event.new_status;
        if (typeof payload?.uuid !== 'string' || typeof status !== 'string') return;
        for (const group of get().groups) {
          const upload = group.queue.find((item) => item.guid === payload.uuid);
          if (!upload) continue;
          const importStatus = (IMPORT_STATUSES as readonly string[]).includes(status)
            ? (status as ImportStatus)
            : undefined;
          if (status === 'errored') {
            patch(upload.id, { importStatus, failureReason: 'import-failed', error: failureLabel('import-failed') });
          } else {
            const importedAt = typeof payload.import_date === 'string' ? payload.import_date : deps.now();
            patch(upload.id, { importStatus, importedAt });
          }
        }
      },
    };
  });

  return store;
}

/** The page's one upload queue: module state, so it outlives the screens that show it. */
export const uploadStore = createUploadStore({
  createGroup: createUploadGroup,
  send: sendUpload,
  parseTags: parseTagsInWorker,
  newId: () => nanoid(),
  now: () => new Date().toISOString(),
  subscribe: (listener) => {
    const stops = [
      subscribeLiveEvent('import.status_updated', listener),
      subscribeLiveEvent(LIVE_RECONNECTED, listener),
    ];
    return () => {
      for (const stop of stops) stop();
    };
  },
  fetchImport,
  findSent: findSentUpload,
});
