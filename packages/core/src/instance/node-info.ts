import { apiRequest } from '../api/client';
import { instanceStore } from './instance-store';

/** The parts of a pod's nodeinfo 2.1 Shoal reads (calls.md §7.3); a pod may leave any of them out. */
export interface NodeInfo {
  software?: { name?: string; version?: string };
  usage?: { users?: { total?: number } };
  openRegistrations?: boolean;
  metadata?: {
    nodeName?: string;
    shortDescription?: string;
    longDescription?: string;
    rules?: string;
    terms?: string;
    contactEmail?: string;
    features?: string[];
    defaultUploadQuota?: number;
    library?: { anonymousCanListen?: boolean; federationEnabled?: boolean };
    content?: { local?: { artists?: number; releases?: number; recordings?: number; hoursOfContent?: number } };
    reportTypes?: { type: string; label: string; anonymous: boolean }[];
  };
}

/** The read of this page (for the pod address it was made for); a failed read is not kept. */
let kept: { url: string | null; read: Promise<NodeInfo> } | null = null;

/**
 * The pod's nodeinfo, read once per page load: start-up's read (which picks the API prefix) is the
 * one every later reader gets. Another pod address reads its own; after a failure it is asked again.
 */
export function readNodeInfo(): Promise<NodeInfo> {
  const url = instanceStore.getState().url;
  if (kept?.url === url) return kept.read;
  const entry = { url, read: apiRequest<NodeInfo>('instance/nodeinfo/2.1/') };
  kept = entry;
  entry.read.catch(() => {
    if (kept === entry) kept = null;
  });
  return entry.read;
}

/**
 * The pod's nodeinfo as one query every micro-frontend shares through `@shoal/query`
 * (`useQuery({ ...nodeInfoQuery(), select })`): keyed by the pod, fetched by {@link readNodeInfo}.
 */
export function nodeInfoQuery() {
  return {
    queryKey: ['instance', instanceStore.getState().url, 'nodeinfo'] as const,
    queryFn: readNodeInfo,
    staleTime: Number.POSITIVE_INFINITY,
  };
}
