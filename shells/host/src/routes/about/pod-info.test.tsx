import { detectPodGeneration, instanceStore, type NodeInfo, nodeInfoQuery } from '@shoal/core';
import { QueryProvider, queryClient, useQuery } from '@shoal/query';
import { cleanup, render, renderHook, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toPodInfo, usePodInfo } from './pod-info';

describe('toPodInfo', () => {
  it('prefers instance settings, rounds hours down and reads nodeinfo statistics', () => {
    const info = toPodInfo(
      {
        software: { name: 'funkwhale', version: '1.4.0' },
        usage: { users: { total: 3 } },
        openRegistrations: true,
        metadata: {
          nodeName: 'Old name',
          features: ['channels', 'podcasts'],
          content: { local: { artists: 5, releases: 7, recordings: 45, hoursOfContent: 2.9 } },
          library: { anonymousCanListen: false, federationEnabled: true },
          defaultUploadQuota: 1000,
        },
      },
      [
        { section: 'instance', name: 'name', value: 'Shoal demo pod' },
        { section: 'instance', name: 'rules', value: 'Be kind.' },
      ],
    );
    expect(info).toMatchObject({
      name: 'Shoal demo pod',
      rules: 'Be kind.',
      software: 'funkwhale 1.4.0',
      users: 3,
      hours: 2,
      artists: 5,
      albums: 7,
      tracks: 45,
      federationEnabled: true,
      defaultUploadQuotaMb: 1000,
      features: ['channels', 'podcasts'],
    });
  });

  it('copes with an empty nodeinfo', () => {
    expect(toPodInfo({}, []).hours).toBeNull();
  });
});

describe('the nodeinfo the page reads', () => {
  afterEach(() => {
    cleanup();
    queryClient.clear();
    vi.unstubAllGlobals();
    instanceStore.setState({ url: null, known: [], generation: null });
  });

  /** Like the embed wizard (listen): its own view of the shared nodeinfo query. */
  function AnonymousListening() {
    const anonymous = useQuery({
      ...nodeInfoQuery(),
      select: (info: NodeInfo) => info.metadata?.library?.anonymousCanListen === true,
    });
    return <p>{anonymous.data === undefined ? 'loading' : `anonymous: ${anonymous.data}`}</p>;
  }

  it('is read once per page load: start-up, the about pages and the remotes share it', async () => {
    instanceStore.setState({ url: 'https://pod.example/', generation: null });
    const reads: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        reads.push(url);
        if (url.endsWith('/instance/nodeinfo/2.1/')) {
          return Response.json({
            software: { name: 'funkwhale', version: '1.4.0' },
            metadata: { nodeName: 'Harbour', library: { anonymousCanListen: true } },
          });
        }
        if (url.endsWith('/instance/settings/')) return Response.json([]);
        return new Response('{}', { status: 404 });
      }),
    );
    await detectPodGeneration();

    const about = renderHook(() => usePodInfo());
    await waitFor(() => expect(about.result.current[0]).toMatchObject({ status: 'ready', info: { name: 'Harbour' } }));
    render(
      <QueryProvider>
        <AnonymousListening />
      </QueryProvider>,
    );
    expect(await screen.findByText('anonymous: true')).toBeInTheDocument();
    // The about page opened again (its retry reads the settings afresh, not the nodeinfo).
    about.rerender();
    about.result.current[1]();
    await waitFor(() => expect(reads.filter((url) => url.endsWith('/instance/settings/'))).toHaveLength(2));
    await waitFor(() => expect(about.result.current[0].status).toBe('ready'));

    expect(reads.filter((url) => url.includes('/nodeinfo/'))).toEqual([
      'https://pod.example/api/v1/instance/nodeinfo/2.1/',
    ]);
  });
});
