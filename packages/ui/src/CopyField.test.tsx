import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { COPY_CONFIRMATION_MS, CopyField } from './CopyField';

describe('CopyField', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    Object.assign(navigator, { clipboard: { writeText: vi.fn().mockResolvedValue(undefined) } });
  });
  afterEach(() => vi.useRealTimers());

  it('copies the value and confirms for exactly 5 seconds', async () => {
    render(<CopyField label="Profile link" value="https://pod.example/@ann" copyLabel="Copy" copiedLabel="Copied" />);
    expect(screen.getByLabelText('Profile link')).toHaveValue('https://pod.example/@ann');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
    });
    expect(navigator.clipboard.writeText).toHaveBeenCalledWith('https://pod.example/@ann');
    expect(screen.getByRole('status')).toHaveTextContent('Copied');
    act(() => vi.advanceTimersByTime(COPY_CONFIRMATION_MS - 1));
    expect(screen.getByRole('status')).toHaveTextContent('Copied');
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('status')).toHaveTextContent('');
  });
});
