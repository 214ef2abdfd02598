import type { ReactNode } from 'react';

export interface EmptyStateProps {
  title: string;
  children?: ReactNode;
  onRefresh?: () => void;
}

/** The noResults state of calls.md §8.3, with an optional refresh. */
export function EmptyState({ title, children, onRefresh }: EmptyStateProps) {
  return (
    <div className="ui-empty-state">
      <p className="ui-empty-state__title">{title}</p>
      {children}
      {onRefresh && (
        <button type="button" className="ui-button ui-button--secondary" onClick={onRefresh}>
          Refresh
        </button>
      )}
    </div>
  );
}
