import type { RemoteDescriptor } from '@shoal/core';
import { Loading } from '@shoal/ui';
import { type ComponentType, lazy, Suspense, useMemo, useState } from 'react';
import { RemoteErrorBoundary } from './RemoteErrorBoundary';
import { remoteLabel } from './remote-labels';
import { loadRemoteApp } from './remote-loader';

const cache = new Map<string, ComponentType>();

function lazyRemote(remote: RemoteDescriptor, attempt: number): ComponentType {
  const key = `${remote.name}@${remote.entry}#${attempt}`;
  let component = cache.get(key);
  if (!component) {
    component = lazy(() => loadRemoteApp(remote, attempt));
    cache.set(key, component);
  }
  return component;
}

/** Renders one micro-frontend, downloading it on first use and offering a retry when that fails. */
export function RemoteApp({ remote }: { remote: RemoteDescriptor }) {
  const [attempt, setAttempt] = useState(0);
  const App = useMemo(() => lazyRemote(remote, attempt), [remote, attempt]);
  const label = remoteLabel(remote.name);
  return (
    <RemoteErrorBoundary label={label} onRetry={() => setAttempt((value) => value + 1)}>
      <Suspense fallback={<Loading label={`Loading the ${label}…`} />}>
        <App />
      </Suspense>
    </RemoteErrorBoundary>
  );
}
