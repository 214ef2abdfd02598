import { setPodGeneration } from '../api/api-versions';
import { instanceStore } from './instance-store';
import { readNodeInfo } from './node-info';

/**
 * Reads the chosen pod's version from its nodeinfo and remembers its generation, which picks the
 * API prefix of every later call. A pod that does not answer keeps the prefix every version serves.
 * The nodeinfo read here is the one the shared nodeinfo query (node-info.ts) hands out: read once a page.
 */
export async function detectPodGeneration(): Promise<void> {
  const url = instanceStore.getState().url;
  if (!url) return;
  try {
    const version: unknown = (await readNodeInfo())?.software?.version;
    setPodGeneration(url, typeof version === 'string' ? version : null);
  } catch (error) {
    console.warn('Could not read the pod version; calls keep the /api/v1/ prefix', error);
  }
}
