import type { ReactNode } from 'react';

export interface ErrorPanelProps {
  title: string;
  children?: ReactNode;
  onRetry?: () => void;
  retryLabel?: string;
}

/** A failure the user can act on: what went wrong, and a way to try again. */
export function ErrorPanel({ title, children, onRetry, retryLabel = 'Try again' }: ErrorPanelProps) {
  return (
    <section className="ui-error-panel" role="alert" aria-labelledby="ui-error-panel-title">
      <h2 id="ui-error-panel-title">{title}</h2>
      {children}
      {onRetry && (
        <button type="button" className="ui-button" onClick={onRetry}>
          {retryLabel}
        </button>
      )}
    </section>
  );
}
