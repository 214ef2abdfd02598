import { useSearchParams } from '@shoal/router';
import { useCallback, useEffect, useMemo, useRef } from 'react';

/**
 * The state of a browse page, read from and written to the URL query so that a reload or a
 * shared link shows the same page (issue 4). Keys: q, tag (repeated), ordering (`-field` for
 * descending), page, paginateBy, and any boolean flags a page adds (e.g. excludeCompilation).
 */
export interface BrowseState {
  q: string;
  tags: string[];
  orderingField: string;
  descending: boolean;
  page: number;
  paginateBy: number;
  flags: Record<string, boolean>;
}

export interface BrowseConfig {
  orderings: readonly string[];
  defaultOrdering: string;
  /** calls.md §9.2 paginateBy for this list. */
  defaultPaginateBy: number;
  paginateByOptions: readonly number[];
  flags?: readonly string[];
}

const positive = (raw: string | null, fallback: number) => {
  const value = Number(raw);
  return Number.isInteger(value) && value > 0 ? value : fallback;
};

export function parseBrowseState(params: URLSearchParams, config: BrowseConfig): BrowseState {
  const rawOrdering = params.get('ordering') ?? config.defaultOrdering;
  const descending = rawOrdering.startsWith('-');
  const field = rawOrdering.replace(/^-/, '');
  const defaultField = config.defaultOrdering.replace(/^-/, '');
  const known = config.orderings.includes(field);
  const paginateBy = positive(params.get('paginateBy'), config.defaultPaginateBy);
  return {
    q: params.get('q') ?? '',
    tags: [...new Set(params.getAll('tag').filter(Boolean))],
    orderingField: known ? field : defaultField,
    descending: known ? descending : config.defaultOrdering.startsWith('-'),
    page: positive(params.get('page'), 1),
    paginateBy: config.paginateByOptions.includes(paginateBy) ? paginateBy : config.defaultPaginateBy,
    flags: Object.fromEntries((config.flags ?? []).map((flag) => [flag, params.get(flag) === 'true'])),
  };
}

/** Writes a state back; defaults are left out so URLs stay short. */
export function browseSearch(state: BrowseState, config: BrowseConfig): URLSearchParams {
  const params = new URLSearchParams();
  if (state.q) params.set('q', state.q);
  for (const tag of state.tags) params.append('tag', tag);
  const ordering = `${state.descending ? '-' : ''}${state.orderingField}`;
  if (ordering !== config.defaultOrdering) params.set('ordering', ordering);
  if (state.page > 1) params.set('page', String(state.page));
  if (state.paginateBy !== config.defaultPaginateBy) params.set('paginateBy', String(state.paginateBy));
  for (const [flag, on] of Object.entries(state.flags)) if (on) params.set(flag, 'true');
  return params;
}

/** The query the pod understands for this state. */
export function browseQuery(state: BrowseState): Record<string, string | number | string[] | boolean | undefined> {
  return {
    q: state.q || undefined,
    tag: state.tags.length > 0 ? state.tags : undefined,
    ordering: `${state.descending ? '-' : ''}${state.orderingField}`,
    page: state.page,
    page_size: state.paginateBy,
  };
}

export function useBrowseState(config: BrowseConfig) {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => parseBrowseState(params, config), [params, config]);
  // The address last asked for, until the router renders it: two quick changes (a tag, then the
  // ordering) must build on each other, not on the state of the last render.
  const pending = useRef<URLSearchParams | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new address (params) is what makes the pending one obsolete
  useEffect(() => {
    pending.current = null;
  }, [params]);
  /** Any change but paging goes back to page 1: the old page may not exist in the new results. */
  const update = useCallback(
    (change: Partial<BrowseState>, options: { replace?: boolean } = {}) => {
      const base = pending.current ? parseBrowseState(pending.current, config) : state;
      const search = browseSearch({ ...base, ...change, page: change.page ?? 1 }, config);
      pending.current = search;
      setParams(search, { replace: options.replace ?? false });
    },
    [state, config, setParams],
  );
  return [state, update] as const;
}
