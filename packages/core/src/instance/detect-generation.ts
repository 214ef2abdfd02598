import { setPodGeneration } from '../api/api-versions';
import { apiRequest } from '../api/client';
import { instanceStore } from './instance-store';

/**
 * Reads the chosen pod's version from its nodeinfo and remembers its generation, which picks the
 * API prefix of every later call. A pod that does not answer keeps the prefix every version serves.
 */
export async function detectPodGeneration(): Promise<void> {
  const url = instanceStore.getState().url;
  if (!url) return;
  try {
    const nodeinfo = await apiRequest<{ software?: { version?: unknown } }>('instance/nodeinfo/2.1/');
    const version = nodeinfo?.software?.version;
    setPodGeneration(url, typeof version === 'string' ? version : null);
  } catch (error) {
    console.warn('Could not read the pod version; calls keep the /api/v1/ prefix', error);
  }
}
