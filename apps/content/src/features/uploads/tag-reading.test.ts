import { afterEach, describe, expect, it, vi } from 'vitest';
import { hasSupportedExtension } from './extensions';
import { tagsFrom } from './tag-reading';

/** A stand-in for the browser's Worker: the test decides what it says and when it fails. */
class FakeWorker {
  static made: FakeWorker[] = [];
  onmessage: ((message: MessageEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  posted: unknown[] = [];
  terminated = false;
  constructor() {
    FakeWorker.made.push(this);
  }
  postMessage(data: unknown) {
    this.posted.push(data);
  }
  terminate() {
    this.terminated = true;
  }
  say(data: unknown) {
    this.onmessage?.({ data } as MessageEvent);
  }
  fail() {
    this.onerror?.(new Event('error'));
  }
}

describe('tag reading', () => {
  it('needs a title and an artist', () => {
    expect(tagsFrom('a', { title: 'T', artist: 'A', album: 'B' })).toEqual({
      id: 'a',
      ok: true,
      metadata: { title: 'T', artist: 'A', album: 'B' },
      cover: undefined,
    });
    expect(tagsFrom('a', { title: 'T', albumartist: 'A' })).toMatchObject({
      ok: true,
      metadata: { artist: 'A', album: '' },
    });
    expect(tagsFrom('a', { title: ' ', artist: 'A' })).toEqual({ id: 'a', ok: false });
    expect(tagsFrom('a', { title: 'T' })).toEqual({ id: 'a', ok: false });
  });

  it('accepts the supported extensions only, in any case', () => {
    for (const name of ['a.flac', 'a.OGG', 'a.mp3', 'a.opus', 'a.aac', 'a.m4a', 'a.aiff', 'a.aif']) {
      expect(hasSupportedExtension(name)).toBe(true);
    }
    for (const name of ['a.txt', 'a.wav', 'mp3', 'a.mp3.exe']) expect(hasSupportedExtension(name)).toBe(false);
  });
});

/** A fresh copy of the module, so that each test starts without a worker. */
async function fresh() {
  vi.resetModules();
  return import('./tag-reading');
}

describe('the tag worker', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    FakeWorker.made = [];
  });

  it('rejects with TagReaderUnavailableError when the worker fails before it loaded, then starts afresh', async () => {
    vi.stubGlobal('Worker', FakeWorker);
    const { parseTagsInWorker, TagReaderUnavailableError, WORKER_READY } = await fresh();
    const parsing = parseTagsInWorker('one', new File(['x'], 'a.mp3'));
    FakeWorker.made[0]?.fail();
    await expect(parsing).rejects.toBeInstanceOf(TagReaderUnavailableError);
    expect(FakeWorker.made[0]?.terminated).toBe(true);

    const again = parseTagsInWorker('two', new File(['x'], 'a.mp3'));
    const second = FakeWorker.made[1];
    expect(second).toBeDefined();
    second?.say(WORKER_READY);
    second?.say({ id: 'two', ok: true, metadata: { title: 'T', artist: 'A', album: '' } });
    await expect(again).resolves.toEqual({ title: 'T', artist: 'A', album: '', coverUrl: undefined });
  });

  it('answers null (missing metadata) when a loaded worker fails on a file', async () => {
    vi.stubGlobal('Worker', FakeWorker);
    const { parseTagsInWorker, WORKER_READY } = await fresh();
    const parsing = parseTagsInWorker('three', new File(['x'], 'b.mp3'));
    const worker = FakeWorker.made[0];
    worker?.say(WORKER_READY);
    worker?.fail();
    await expect(parsing).resolves.toBeNull();
  });

  it('answers null when the worker cannot read the tags', async () => {
    vi.stubGlobal('Worker', FakeWorker);
    const { parseTagsInWorker, WORKER_READY } = await fresh();
    const parsing = parseTagsInWorker('four', new File(['x'], 'c.mp3'));
    const worker = FakeWorker.made[0];
    worker?.say(WORKER_READY);
    worker?.say({ id: 'four', ok: false });
    await expect(parsing).resolves.toBeNull();
  });
});
