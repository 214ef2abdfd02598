import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createStore } from 'zustand';
import { type RadioState, registerRadio } from './radio';
import { useRadio } from './use-radio';

function RadioLabel() {
  const running = useRadio((state) => state.running);
  return <p>{running ? 'running' : 'idle'}</p>;
}

describe('useRadio', () => {
  it('follows the radio the host registers after the button was first shown', () => {
    render(<RadioLabel />);
    expect(screen.getByText('idle')).toBeTruthy();

    const store = createStore<RadioState>(() => ({
      current: null,
      sessionId: null,
      running: false,
      populating: false,
      errorCount: 0,
      lastKey: null,
    }));
    act(() => registerRadio({ start: vi.fn(), stop: vi.fn(), store }));
    act(() => store.setState({ running: true }));
    expect(screen.getByText('running')).toBeTruthy();
  });
});
