import {
  clearInstanceUrl,
  detectPodGeneration,
  instanceStore,
  loadProfile,
  markAnonymous,
  restoreInstance,
  restoreTokens,
  setInstanceUrl,
} from '@shoal/core';
import { fetchFrontSettings } from './front-settings';
import { fetchRemoteManifest, type ManifestResult } from './remote-manifest';
import { readStartQuery } from './start-query';

export interface StartUpResult {
  manifest: ManifestResult;
  startPath: string | null;
}

/** Everything the shell must know before its first render, fetched in parallel where it can be. */
export async function startUp(): Promise<StartUpResult> {
  const query = readStartQuery(window.location.href);
  if (query.cleanedUrl) window.history.replaceState(window.history.state, '', query.cleanedUrl);

  const [settings, manifest] = await Promise.all([fetchFrontSettings(), fetchRemoteManifest()]);
  restoreInstance(settings.defaultServerUrl);
  restoreTokens();
  if (query.server && !setInstanceUrl(query.server)) {
    // calls.md §8.2: an invalid instance URL is logged and the base URL cleared.
    console.error(`Invalid instance URL: ${query.server}`);
    clearInstanceUrl();
  }
  if (instanceStore.getState().url) {
    // The pod's version picks the API prefix (api-versions.ts); read alongside the profile.
    await Promise.all([loadProfile(), detectPodGeneration()]);
  } else {
    markAnonymous();
  }
  return { manifest, startPath: query.startPath };
}
