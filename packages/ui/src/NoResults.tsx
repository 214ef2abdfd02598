import type { ReactNode } from 'react';

export interface NoResultsProps {
  title: string;
  children?: ReactNode;
  /** Shown only with `refreshLabel`: the caller's translated text. */
  onRefresh?: () => void;
  refreshLabel?: string;
}

/**
 * The noResults state of calls.md §8.3 with every word supplied by the caller, so apps pass their
 * translated text (EmptyState keeps its English default for screens not yet translated).
 */
export function NoResults({ title, children, onRefresh, refreshLabel }: NoResultsProps) {
  return (
    <div className="ui-empty-state">
      <p className="ui-empty-state__title">{title}</p>
      {children}
      {onRefresh && refreshLabel && (
        <button type="button" className="ui-button ui-button--secondary" onClick={onRefresh}>
          {refreshLabel}
        </button>
      )}
    </div>
  );
}
