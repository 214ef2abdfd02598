import { afterEach, describe, expect, it, vi } from 'vitest';
import { detectPodGeneration } from './detect-generation';
import { instanceStore, setInstanceUrl } from './instance-store';
import { nodeInfoQuery } from './node-info';

/**
 * The pod at `address` (each test its own: the page's read is kept per address), whose nodeinfo
 * answers each read with the next body (a status alone for a failure).
 */
function pod(address: string, ...answers: (object | number)[]) {
  setInstanceUrl(address);
  const fetchMock = vi.fn(async (url: string) => {
    expect(url).toBe(`${address}/api/v1/instance/nodeinfo/2.1/`);
    const answer = answers.shift();
    if (answer === undefined) throw new Error('nodeinfo read once too often');
    return typeof answer === 'number' ? new Response('down', { status: answer }) : Response.json(answer);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** What the query reads, as TanStack Query would call it. */
const run = () => nodeInfoQuery().queryFn();

describe('the nodeinfo query', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    instanceStore.setState({ url: null, known: [], generation: null });
  });

  it('hands every reader the read start-up made for the API prefix: the pod is asked once', async () => {
    const fetchMock = pod('https://pod.example', { software: { version: '1.4.0' }, metadata: { nodeName: 'first' } });
    await detectPodGeneration();
    expect(instanceStore.getState().generation).toBe(1);
    expect(fetchMock).toHaveBeenCalledTimes(1);

    // The query's reads (the first, and any refetch later on the page) get start-up's answer.
    expect(await run()).toEqual({ software: { version: '1.4.0' }, metadata: { nodeName: 'first' } });
    expect(await run()).toEqual({ software: { version: '1.4.0' }, metadata: { nodeName: 'first' } });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('asks again when the start-up read failed, and never hands one pod’s answer to another', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const fetchMock = pod('https://down.example', 502, { metadata: { nodeName: 'second try' } });
    await detectPodGeneration();
    expect(instanceStore.getState().generation).toBeNull();
    expect(await run()).toEqual({ metadata: { nodeName: 'second try' } });
    expect(await run()).toEqual({ metadata: { nodeName: 'second try' } });
    expect(fetchMock).toHaveBeenCalledTimes(2);

    const other = pod('https://other.example', { metadata: { nodeName: 'other pod' } });
    expect(await run()).toEqual({ metadata: { nodeName: 'other pod' } });
    expect(other).toHaveBeenCalledTimes(1);
    expect(nodeInfoQuery().queryKey).toEqual(['instance', 'https://other.example/', 'nodeinfo']);
  });
});
