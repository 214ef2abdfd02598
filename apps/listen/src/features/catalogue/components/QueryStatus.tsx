import type { UseQueryResult } from '@shoal/query';
import { ErrorPanel, Loading, NoResults } from '@shoal/ui';
import type { ReactNode } from 'react';
import { t } from '../../../i18n';

export interface QueryStatusProps<T> {
  query: UseQueryResult<T, Error>;
  failedTitle: string;
  /** Whether the answer is an empty list (shows the noResults state with a refresh). */
  isEmpty?: (data: T) => boolean;
  emptyText?: string;
  children: (data: T) => ReactNode;
}

/** Loading, failure (with retry), empty (with refresh) or the content of one query. */
export function QueryStatus<T>({ query, failedTitle, isEmpty, emptyText, children }: QueryStatusProps<T>) {
  if (query.isPending) return <Loading label={t('common.loading')} />;
  if (query.isError) {
    const messages = (query.error as Error & { messages?: string[] }).messages ?? [query.error.message];
    return (
      <ErrorPanel title={failedTitle} onRetry={() => void query.refetch()} retryLabel={t('common.retry')}>
        <ul>
          {messages.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      </ErrorPanel>
    );
  }
  if (isEmpty?.(query.data)) {
    return (
      <NoResults
        title={emptyText ?? t('common.noResults')}
        onRefresh={() => void query.refetch()}
        refreshLabel={t('common.refresh')}
      />
    );
  }
  return <>{children(query.data)}</>;
}
