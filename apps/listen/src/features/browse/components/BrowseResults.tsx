import type { UseQueryResult } from '@shoal/query';
import type { ReactNode } from 'react';
import { t } from '../../../i18n';
import { QueryStatus } from '../../catalogue/components/QueryStatus';
import type { Paginated } from '../../catalogue/types';
import { Pagination } from './Pagination';

export interface BrowseResultsProps<T> {
  query: UseQueryResult<Paginated<T>, Error>;
  page: number;
  paginateBy: number;
  onPage: (page: number) => void;
  children: (items: T[]) => ReactNode;
}

/** A page of results with its count and page links; stale results are marked busy while the next page loads. */
export function BrowseResults<T>({ query, page, paginateBy, onPage, children }: BrowseResultsProps<T>) {
  return (
    <QueryStatus query={query} failedTitle={t('browse.failed')} isEmpty={(data) => data.results.length === 0}>
      {(data) => {
        const pages = Math.max(1, Math.ceil(data.count / paginateBy));
        return (
          <div aria-busy={query.isPlaceholderData}>
            <p className="listen-count" role="status">
              {t('common.results', { count: data.count })} · {t('pagination.summary', { page, pages })}
            </p>
            {children(data.results)}
            <Pagination page={page} pages={pages} onChange={onPage} />
          </div>
        );
      }}
    </QueryStatus>
  );
}
