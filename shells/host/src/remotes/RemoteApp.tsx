import type { RemoteDescriptor } from '@shoal/core';
import { Loading } from '@shoal/ui';
import {
  type ComponentType,
  lazy,
  Suspense,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { contentCommitted, holdContentShown } from '../app/content-shown';
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

/** Rendered beside the remote's screen: its effect runs once that screen is committed. */
function Shown({ onShown }: { onShown: () => void }) {
  useEffect(() => onShown(), [onShown]);
  return null;
}

/** Renders one micro-frontend, downloading it on first use and offering a retry when that fails. */
export function RemoteApp({ remote }: { remote: RemoteDescriptor }) {
  const [attempt, setAttempt] = useState(0);
  const App = useMemo(() => lazyRemote(remote, attempt), [remote, attempt]);
  const label = remoteLabel(remote.name);
  // Until the remote's screen is on show, the page's first content is not either (see content-shown).
  const release = useRef<(() => void) | null>(null);
  useLayoutEffect(() => {
    release.current = holdContentShown();
    return () => release.current?.();
  }, []);
  const shown = useCallback(() => {
    release.current?.();
    contentCommitted();
  }, []);
  const failed = useCallback(() => {
    release.current?.();
    contentCommitted({ untitled: true });
  }, []);
  return (
    <RemoteErrorBoundary label={label} onRetry={() => setAttempt((value) => value + 1)} onShown={failed}>
      <Suspense fallback={<Loading label={`Loading the ${label}…`} />}>
        <App />
        <Shown onShown={shown} />
      </Suspense>
    </RemoteErrorBoundary>
  );
}
