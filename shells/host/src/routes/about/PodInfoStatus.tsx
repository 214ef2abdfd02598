import { ErrorPanel, Loading } from '@shoal/ui';
import type { ReactNode } from 'react';
import { ta } from './about-i18n';
import { type PodInfo, usePodInfo } from './pod-info';

/** Loading, failure with retry, or the about page built from the pod's info. */
export function PodInfoStatus({ children }: { children: (info: PodInfo) => ReactNode }) {
  const [state, retry] = usePodInfo();
  if (state.status === 'loading') return <Loading label={ta('about.loading')} />;
  if (state.status === 'error') {
    return (
      <ErrorPanel title={ta('about.failed')} onRetry={retry} retryLabel={ta('about.retry')}>
        <ul>
          {state.messages.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      </ErrorPanel>
    );
  }
  return <>{children(state.info)}</>;
}
