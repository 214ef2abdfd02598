import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createStore } from 'zustand/vanilla';
import { type RadioConfig, type RadioState, registerRadio, startRadio } from './radio';
import { useRadio } from './use-radio';

function Status() {
  const running = useRadio((state) => state.running);
  return <p>{running ? 'running' : 'idle'}</p>;
}

describe('useRadio', () => {
  it('follows the radio the host registers after the button rendered', () => {
    render(<Status />);
    expect(screen.getByText('idle')).toBeTruthy();

    // A click before the host's player exists: the start waits for the registration.
    const config: RadioConfig = { type: 'tag', objectId: 'ambient' };
    startRadio(config);
    const store = createStore<RadioState>(() => ({
      current: null,
      sessionId: null,
      running: false,
      populating: false,
      errorCount: 0,
      lastKey: null,
    }));
    act(() =>
      registerRadio({
        store,
        start: (started) => store.setState({ current: started, running: true }),
        stop: () => store.setState({ running: false }),
      }),
    );
    expect(screen.getByText('running')).toBeTruthy();
    act(() => store.setState({ running: false }));
    expect(screen.getByText('idle')).toBeTruthy();
  });
});
