import { ApiError, LIVE_RECONNECTED, type LiveEvent, UploadTransportError } from '@shoal/core';
import { describe, expect, it, vi } from 'vitest';
import { TagReaderUnavailableError } from './tag-reading';
import type { QueuedUpload, UploadGroup, UploadMetadata } from './types';
import { canRetry, createUploadStore, hasUploadInProgress, summarise, type UploadDependencies } from './upload-store';

interface PendingSend {
  upload: QueuedUpload;
  group: UploadGroup;
  progress: (p: number) => void;
  signal: AbortSignal;
  resolve: (guid: string) => void;
  reject: (error: unknown) => void;
}

function setup(tags: Record<string, UploadMetadata | null> = {}, statuses: Record<string, string> = {}) {
  const sends: PendingSend[] = [];
  const parses = new Map<string, (value: UploadMetadata | null) => void>();
  let live: ((event: LiveEvent) => void) | null = null;
  let counter = 0;
  const deps: UploadDependencies = {
    createGroup: vi.fn(async () => ({ guid: `group-${++counter}`, uploadUrl: '/api/v2/upload-groups/x/uploads' })),
    send: (group, upload, progress, signal) =>
      new Promise<string>((resolve, reject) => {
        sends.push({ group, upload, progress, signal, resolve, reject });
        signal.addEventListener('abort', () => reject(new DOMException('cancelled', 'AbortError')));
      }),
    parseTags: (_id, file) =>
      file.name in tags
        ? Promise.resolve(tags[file.name] ?? null)
        : new Promise((resolve) => {
            parses.set(file.name, resolve);
          }),
    newId: () => `id-${String(++counter).padStart(18, '0')}`,
    now: () => '2026-01-01T00:00:00Z',
    fetchImport: async (guid) => ({ import_status: statuses[guid] ?? 'pending', import_date: '2026-03-03' }),
    subscribe: (listener) => {
      live = listener;
      return () => {
        live = null;
      };
    },
  };
  const store = createUploadStore(deps);
  const uploads = () => store.getState().groups.flatMap((group) => group.queue);
  const byName = (name: string) => {
    const upload = uploads().find((item) => item.file.name === name);
    if (!upload) throw new Error(`no upload ${name}`);
    return upload;
  };
  return { store, sends, parses, uploads, byName, emit: (event: LiveEvent) => live?.(event), deps };
}

const tagged = (title: string): UploadMetadata => ({ title, artist: 'Artist', album: 'Album' });
const file = (name: string) => new File(['x'], name);
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
const library = { uuid: 'lib-1', name: 'Mine' };

describe('the queued upload lifecycle', () => {
  it('sends one file at a time, in queue order, and stores the server guid', async () => {
    const { store, sends, byName } = setup({ 'a.mp3': tagged('A'), 'b.flac': tagged('B') });
    await store.getState().uploadFiles(library, [file('a.mp3'), file('b.flac')]);
    await flush();
    expect(sends.map((send) => send.upload.file.name)).toEqual(['a.mp3']);
    sends[0]?.progress(40);
    expect(byName('a.mp3').progress).toBe(40);
    expect(byName('a.mp3').uploading).toBe(true);
    sends[0]?.resolve('server-a');
    await flush();
    expect(byName('a.mp3').guid).toBe('server-a');
    expect(byName('a.mp3').progress).toBe(100);
    expect(sends.map((send) => send.upload.file.name)).toEqual(['a.mp3', 'b.flac']);
    expect(sends[1]?.group.targetLibraryGuid).toBe('lib-1');
  });

  it('publishes into a channel when the target is one', async () => {
    const { store, sends } = setup({ 'ep.mp3': tagged('Episode 1') });
    await store.getState().uploadFiles({ uuid: 'chan-1', name: 'Harbour Talk', type: 'channel' }, [file('ep.mp3')]);
    await flush();
    expect(sends[0]?.group.type).toBe('channel');
    expect(sends[0]?.group.targetLibraryGuid).toBe('chan-1');
    expect(store.getState().groups[0]?.type).toBe('channel');
  });

  it('keeps the turn of a file still reading its tags', async () => {
    const { store, sends, parses } = setup({ 'b.mp3': tagged('B') });
    await store.getState().uploadFiles(library, [file('a.mp3'), file('b.mp3')]);
    await flush();
    expect(sends).toHaveLength(0);
    parses.get('a.mp3')?.(tagged('A'));
    await flush();
    expect(sends.map((send) => send.upload.file.name)).toEqual(['a.mp3']);
  });

  it('cancels a file whose tags cannot be read with missing-tags, and moves on', async () => {
    const { store, sends, byName } = setup({ 'bad.mp3': null, 'good.mp3': tagged('G') });
    await store.getState().uploadFiles(library, [file('bad.mp3'), file('good.mp3')]);
    await flush();
    expect(byName('bad.mp3').failureReason).toBe('missing-tags');
    expect(byName('bad.mp3').error).toBe('Missing metadata');
    expect(sends.map((send) => send.upload.file.name)).toEqual(['good.mp3']);
  });

  it('says the tag reader could not be loaded (not missing metadata) and reads the tags again on retry', async () => {
    const { store, sends, byName, deps } = setup();
    let attempts = 0;
    deps.parseTags = (_id, item) => {
      attempts += 1;
      return attempts === 1 ? Promise.reject(new TagReaderUnavailableError()) : Promise.resolve(tagged(item.name));
    };
    await store.getState().uploadFiles(library, [file('a.mp3')]);
    await flush();
    const failed = byName('a.mp3');
    expect(failed.failureReason).toBe('upload-failed');
    expect(failed.error).toBe('The tag reader could not be loaded. Check your connection and try again.');
    expect(failed.metadata).toBeUndefined();
    expect(canRetry(failed)).toBe(true);
    expect(sends).toHaveLength(0);

    store.getState().retry(failed.id);
    await flush();
    expect(attempts).toBe(2);
    expect(byName('a.mp3').failureReason).toBeUndefined();
    expect(byName('a.mp3').metadata).toEqual(tagged('a.mp3'));
    expect(sends.map((send) => send.upload.file.name)).toEqual(['a.mp3']);
  });

  it('refuses an unsupported file type without reading or sending it', async () => {
    const { store, sends, byName } = setup();
    await store.getState().uploadFiles(library, [file('notes.txt')]);
    await flush();
    expect(byName('notes.txt').failureReason).toBe('upload-failed');
    expect(byName('notes.txt').error).toMatch(/cannot be uploaded\. Supported extensions: flac, ogg, mp3/);
    expect(sends).toHaveLength(0);
  });

  it('matches import.status_updated by guid: errored fails with import-failed, others set the import time', async () => {
    const { store, sends, byName, emit } = setup({ 'a.mp3': tagged('A'), 'b.mp3': tagged('B') });
    await store.getState().uploadFiles(library, [file('a.mp3'), file('b.mp3')]);
    await flush();
    sends[0]?.resolve('guid-a');
    await flush();
    sends[1]?.resolve('guid-b');
    await flush();
    emit({
      type: 'import.status_updated',
      new_status: 'finished',
      upload: { uuid: 'guid-a', import_date: '2026-02-02' },
    });
    emit({ type: 'import.status_updated', new_status: 'errored', upload: { uuid: 'guid-b', import_date: null } });
    emit({ type: 'import.status_updated', new_status: 'finished', upload: { uuid: 'someone-else' } });
    expect(byName('a.mp3').importedAt).toBe('2026-02-02');
    expect(byName('a.mp3').importStatus).toBe('finished');
    expect(byName('b.mp3').failureReason).toBe('import-failed');
    expect(byName('b.mp3').importedAt).toBeUndefined();
    expect(summarise(store.getState().groups[0] as UploadGroup)).toMatchObject({ imported: 1, failed: 1, total: 2 });
  });

  it('re-reads waiting imports when the live connection comes back', async () => {
    const statuses: Record<string, string> = { 'guid-a': 'finished', 'guid-b': 'pending' };
    const { store, sends, byName, emit } = setup({ 'a.mp3': tagged('A'), 'b.mp3': tagged('B') }, statuses);
    await store.getState().uploadFiles(library, [file('a.mp3'), file('b.mp3')]);
    await flush();
    sends[0]?.resolve('guid-a');
    await flush();
    sends[1]?.resolve('guid-b');
    await flush();
    emit({ type: LIVE_RECONNECTED });
    await flush();
    expect(byName('a.mp3').importedAt).toBe('2026-03-03');
    expect(byName('b.mp3').importedAt).toBeUndefined();
  });

  it('does not treat a cancelled request as an error', async () => {
    const { store, sends, byName } = setup({ 'a.mp3': tagged('A') });
    await store.getState().uploadFiles(library, [file('a.mp3')]);
    await flush();
    store.getState().cancel(byName('a.mp3').id);
    await flush();
    expect(sends[0]?.signal.aborted).toBe(true);
    expect(byName('a.mp3').failureReason).toBe('upload-cancelled');
    expect(byName('a.mp3').error).toBeUndefined();
    expect(store.getState().currentId).toBeNull();
  });

  it('names each transport and pod denial', async () => {
    const { store, sends, byName } = setup({
      'a.mp3': tagged('A'),
      'b.mp3': tagged('B'),
      'c.mp3': tagged('C'),
      'd.mp3': tagged('D'),
    });
    await store.getState().uploadFiles(library, [file('a.mp3'), file('b.mp3'), file('c.mp3'), file('d.mp3')]);
    await flush();
    sends[0]?.reject(new UploadTransportError('network'));
    await flush();
    sends[1]?.reject(new UploadTransportError('timeout'));
    await flush();
    sends[2]?.reject(new ApiError(400, ['upload_quota_reached'], { non_field_errors: ['upload_quota_reached'] }));
    await flush();
    sends[3]?.reject(new ApiError(413, ['Request entity too large']));
    await flush();
    expect(byName('a.mp3').error).toMatch(/connection dropped/);
    expect(byName('b.mp3').error).toMatch(/took too long/);
    expect(byName('c.mp3').error).toMatch(/storage quota is full/);
    expect(byName('d.mp3').error).toMatch(/too big to upload/);
    expect(byName('d.mp3').failureReason).toBe('upload-failed');
  });

  it('retry clears the failure, resets progress and re-queues; without tags it fails with missing-tags', async () => {
    const { store, sends, byName } = setup({ 'a.mp3': tagged('A'), 'bad.mp3': null });
    await store.getState().uploadFiles(library, [file('a.mp3'), file('bad.mp3')]);
    await flush();
    sends[0]?.progress(70);
    sends[0]?.reject(new UploadTransportError('network'));
    await flush();
    expect(byName('a.mp3').failureReason).toBe('upload-failed');
    store.getState().retry(byName('a.mp3').id);
    expect(byName('a.mp3').error).toBeUndefined();
    expect(byName('a.mp3').failureReason).toBeUndefined();
    expect(byName('a.mp3').progress).toBe(0);
    await flush();
    expect(sends).toHaveLength(2);
    store.getState().retry(byName('bad.mp3').id);
    expect(byName('bad.mp3').failureReason).toBe('missing-tags');
  });

  it('cancelling a group cancels every upload not yet imported; retrying it retries the failed ones', async () => {
    const { store, sends, byName, emit } = setup({ 'a.mp3': tagged('A'), 'b.mp3': tagged('B'), 'c.mp3': tagged('C') });
    const guid = await store.getState().uploadFiles(library, [file('a.mp3'), file('b.mp3'), file('c.mp3')]);
    await flush();
    sends[0]?.resolve('guid-a');
    await flush();
    emit({ type: 'import.status_updated', new_status: 'finished', upload: { uuid: 'guid-a' } });
    store.getState().cancelGroup(guid);
    await flush();
    expect(byName('a.mp3').failureReason).toBeUndefined();
    expect(byName('b.mp3').failureReason).toBe('upload-cancelled');
    expect(byName('c.mp3').failureReason).toBe('upload-cancelled');
    expect(sends).toHaveLength(2);
    store.getState().retryGroup(guid);
    await flush();
    expect(byName('b.mp3').failureReason).toBeUndefined();
    expect(sends.map((send) => send.upload.file.name)).toEqual(['a.mp3', 'b.mp3', 'b.mp3']);
  });

  it('removes a group once it is empty, and knows when an upload is in progress', async () => {
    const { store, byName, sends } = setup({ 'a.mp3': tagged('A') });
    await store.getState().uploadFiles(library, [file('a.mp3')]);
    await flush();
    expect(hasUploadInProgress(store.getState().groups)).toBe(true);
    sends[0]?.resolve('guid-a');
    await flush();
    expect(hasUploadInProgress(store.getState().groups)).toBe(false);
    store.getState().remove(byName('a.mp3').id);
    expect(store.getState().groups).toEqual([]);
  });

  it('on retry after a lost answer, takes the copy the pod already holds instead of sending twice', async () => {
    const { store, sends, byName, deps } = setup(
      { 'a.mp3': tagged('A'), 'b.mp3': tagged('B') },
      { 'held-a': 'finished' },
    );
    const findSent = vi.fn(async (_group: UploadGroup, upload: QueuedUpload) =>
      upload.file.name === 'a.mp3' ? 'held-a' : null,
    );
    deps.findSent = findSent;
    await store.getState().uploadFiles(library, [file('a.mp3'), file('b.mp3')]);
    await flush();
    // The connection drops while a.mp3 is sent: the pod stored it, the page never heard back.
    sends[0]?.reject(new TypeError('connection dropped'));
    await flush();
    expect(byName('a.mp3').failureReason).toBe('upload-failed');
    sends[1]?.reject(new TypeError('connection dropped'));
    await flush();

    store.getState().retry(byName('a.mp3').id);
    await flush();
    await flush();
    expect(findSent).toHaveBeenCalledTimes(1);
    expect(sends).toHaveLength(2);
    expect(byName('a.mp3').guid).toBe('held-a');
    // Its import ended while nobody listened: the page asked, and shows it imported.
    expect(byName('a.mp3').importStatus).toBe('finished');

    // Not held by the pod: sent again.
    store.getState().retry(byName('b.mp3').id);
    await flush();
    await flush();
    expect(sends.map((send) => send.upload.file.name)).toEqual(['a.mp3', 'b.mp3', 'b.mp3']);
  });

  it('does not look anything up for a first send', async () => {
    const { store, sends, deps } = setup({ 'a.mp3': tagged('A') });
    const findSent = vi.fn(async () => 'never');
    deps.findSent = findSent;
    await store.getState().uploadFiles(library, [file('a.mp3')]);
    await flush();
    expect(sends).toHaveLength(1);
    expect(findSent).not.toHaveBeenCalled();
  });

  it('gives every upload a 21-character local id by default', async () => {
    const { nanoid } = await import('nanoid');
    expect(nanoid()).toHaveLength(21);
  });
});
