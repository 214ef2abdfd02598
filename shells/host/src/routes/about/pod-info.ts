import { apiRequest, type NodeInfo, nodeInfoQuery } from '@shoal/core';
import { useCallback, useEffect, useState } from 'react';

interface SettingEntry {
  section: string;
  name: string;
  value: unknown;
}

/** What the about pages show, gathered from nodeinfo and instance settings (calls.md §7.3). */
export interface PodInfo {
  name: string;
  shortDescription: string;
  longDescription: string;
  rules: string;
  terms: string;
  contactEmail: string;
  features: string[];
  software: string;
  users: number | null;
  registrationOpen: boolean;
  anonymousCanListen: boolean;
  federationEnabled: boolean;
  defaultUploadQuotaMb: number | null;
  artists: number | null;
  albums: number | null;
  tracks: number | null;
  /** calls.md §7.3: rounded down to a whole number. */
  hours: number | null;
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const count = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : null);

export function toPodInfo(node: NodeInfo, settings: SettingEntry[]): PodInfo {
  const setting = (section: string, name: string) =>
    settings.find((entry) => entry.section === section && entry.name === name)?.value;
  const meta = node.metadata ?? {};
  const local = meta.content?.local ?? {};
  const hours = count(local.hoursOfContent);
  return {
    name: text(setting('instance', 'name')) || text(meta.nodeName),
    shortDescription: text(setting('instance', 'short_description')) || text(meta.shortDescription),
    longDescription: text(setting('instance', 'long_description')) || text(meta.longDescription),
    rules: text(setting('instance', 'rules')) || text(meta.rules),
    terms: text(setting('instance', 'terms')) || text(meta.terms),
    contactEmail: text(setting('instance', 'contact_email')) || text(meta.contactEmail),
    features: Array.isArray(meta.features) ? meta.features.filter((item) => typeof item === 'string') : [],
    software: [node.software?.name, node.software?.version].filter(Boolean).join(' '),
    users: count(node.usage?.users?.total),
    registrationOpen: node.openRegistrations ?? setting('users', 'registration_enabled') === true,
    anonymousCanListen: meta.library?.anonymousCanListen === true,
    federationEnabled: meta.library?.federationEnabled === true,
    defaultUploadQuotaMb: count(meta.defaultUploadQuota ?? setting('users', 'upload_quota')),
    artists: count(local.artists),
    albums: count(local.releases),
    tracks: count(local.recordings),
    hours: hours === null ? null : Math.floor(hours),
  };
}

type State = { status: 'loading' } | { status: 'error'; messages: string[] } | { status: 'ready'; info: PodInfo };

/**
 * Loads the pod's self-description; nodeinfo failures are only logged (calls.md §8.2). The nodeinfo
 * comes from the query the whole page shares (read once per page load), the settings fresh each time.
 */
export function usePodInfo(): [State, () => void] {
  const [state, setState] = useState<State>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    void attempt;
    const controller = new AbortController();
    setState({ status: 'loading' });
    // Loaded the way the federation runtime loads it for the remotes, so the page has one copy and one cache.
    const nodeinfo = import('@shoal/query')
      .then(({ queryClient }) => queryClient.fetchQuery(nodeInfoQuery()))
      .catch((error) => {
        console.error('Error while fetching node info', error);
        return {} as NodeInfo;
      });
    const settings = apiRequest<SettingEntry[]>('instance/settings/', { signal: controller.signal });
    Promise.all([nodeinfo, settings]).then(
      ([node, entries]) => setState({ status: 'ready', info: toPodInfo(node, entries) }),
      (error: Error & { messages?: string[] }) => {
        if (!controller.signal.aborted) setState({ status: 'error', messages: error.messages ?? [error.message] });
      },
    );
    return () => controller.abort();
  }, [attempt]);
  const retry = useCallback(() => setAttempt((value) => value + 1), []);
  return [state, retry];
}
