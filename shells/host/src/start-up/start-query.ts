import { toSameOriginPath } from '@shoal/core';

export interface StartQuery {
  /** `_url`: where to go once started, only when it is a path on this origin. */
  startPath: string | null;
  /** `_server`: the pod to use. */
  server: string | null;
  /** The address bar without the start-up parameters and legacy entry points. */
  cleanedUrl: string | null;
}

const LEGACY_ENTRY_POINTS = /^\/(index\.html|front\/?)$/;

/** Reads the start-up parameters of product.md §2 (Global surfaces) from the address the page opened at. */
export function readStartQuery(href: string): StartQuery {
  const url = new URL(href);
  const startPath = toSameOriginPath(url.searchParams.get('_url'));
  const server = url.searchParams.get('_server');
  let changed = url.searchParams.has('_url') || url.searchParams.has('_server');
  url.searchParams.delete('_url');
  url.searchParams.delete('_server');
  if (LEGACY_ENTRY_POINTS.test(url.pathname)) {
    url.pathname = '/';
    changed = true;
  }
  return { startPath, server, cleanedUrl: changed ? `${url.pathname}${url.search}${url.hash}` : null };
}
