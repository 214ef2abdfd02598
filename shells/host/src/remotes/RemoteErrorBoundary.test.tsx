import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { RemoteErrorBoundary } from './RemoteErrorBoundary';

function Flaky({ fail }: { fail: boolean }) {
  if (fail) throw new Error('remoteEntry.js: 404');
  return <p>Remote content</p>;
}

function Harness() {
  const [fail, setFail] = useState(true);
  return (
    <RemoteErrorBoundary label="library" onRetry={() => setFail(false)}>
      <Flaky fail={fail} />
    </RemoteErrorBoundary>
  );
}

describe('RemoteErrorBoundary', () => {
  it('shows a panel with a retry that renders the remote again', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(<Harness />);
    expect(screen.getByRole('alert')).toHaveTextContent('The library section could not be loaded');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(screen.getByText('Remote content')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
