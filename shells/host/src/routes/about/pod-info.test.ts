import { describe, expect, it } from 'vitest';
import { toPodInfo } from './pod-info';

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
