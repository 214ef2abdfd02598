import type { UseQueryResult } from '@shoal/query';
import type { ReactNode } from 'react';
import { t } from '../../../i18n';
import { Pagination } from '../../browse/components/Pagination';
import { QueryStatus } from '../../catalogue/components/QueryStatus';
import type { Paginated } from '../../catalogue/types';

export interface PagedResultsProps<T> {
  query: UseQueryResult<Paginated<T>, Error>;
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
  failedTitle: string;
  emptyText: string;
  children: (items: T[]) => ReactNode;
}

/** A page of a list with its count, page links and its own empty text (noResults with a refresh). */
export function PagedResults<T>({
  query,
  page,
  pageSize,
  onPage,
  failedTitle,
  emptyText,
  children,
}: PagedResultsProps<T>) {
  return (
    <QueryStatus
      query={query}
      failedTitle={failedTitle}
      emptyText={emptyText}
      isEmpty={(data) => data.results.length === 0}
    >
      {(data) => {
        const pages = Math.max(1, Math.ceil(data.count / pageSize));
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
