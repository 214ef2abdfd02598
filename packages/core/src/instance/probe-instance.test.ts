import { afterEach, describe, expect, it, vi } from 'vitest';
import { probeInstance } from './probe-instance';

function answer(status: number, body: unknown) {
  return vi.fn(async () => new Response(typeof body === 'string' ? body : JSON.stringify(body), { status }));
}

describe('probeInstance', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('accepts a pod whose nodeinfo names its software, reading it under /api/v1/', async () => {
    const fetchMock = answer(200, { version: '2.1', software: { name: 'funkwhale', version: '1.4.0' } });
    vi.stubGlobal('fetch', fetchMock);
    const result = await probeInstance(' pod.example.org/some/page ');
    expect(result).toEqual({
      ok: true,
      url: 'https://pod.example.org/',
      nodeinfo: { software: { name: 'funkwhale', version: '1.4.0' } },
    });
    const [target, init] = fetchMock.mock.calls[0] as unknown as [URL, RequestInit];
    expect(String(target)).toBe('https://pod.example.org/api/v1/instance/nodeinfo/2.1/');
    expect(init.credentials).toBe('omit');
  });

  it('refuses an address that is not http(s) without any request', async () => {
    const fetchMock = answer(200, {});
    vi.stubGlobal('fetch', fetchMock);
    expect(await probeInstance('javascript://alert(1)')).toEqual({ ok: false, reason: 'invalid-url', url: null });
    expect(await probeInstance('   ')).toEqual({ ok: false, reason: 'invalid-url', url: null });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('refuses a server that answers an error status', async () => {
    vi.stubGlobal('fetch', answer(404, { detail: 'Not found.' }));
    expect(await probeInstance('http://127.0.0.1:9/')).toEqual({
      ok: false,
      reason: 'not-a-pod',
      url: 'http://127.0.0.1:9/',
    });
  });

  it('refuses a page that is not nodeinfo (HTML, or JSON without a software name)', async () => {
    vi.stubGlobal('fetch', answer(200, '<!doctype html><p>hello</p>'));
    expect((await probeInstance('https://example.org')).ok).toBe(false);
    vi.stubGlobal('fetch', answer(200, { software: { name: 42 } }));
    expect((await probeInstance('https://example.org')).ok).toBe(false);
    vi.stubGlobal('fetch', answer(200, null));
    expect((await probeInstance('https://example.org')).ok).toBe(false);
  });

  it('refuses an unreachable server', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    expect(await probeInstance('https://down.example.org')).toEqual({
      ok: false,
      reason: 'not-a-pod',
      url: 'https://down.example.org/',
    });
  });
});
